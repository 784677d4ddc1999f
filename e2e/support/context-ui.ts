// Helpers of the editor-context browser tests: a speech challenge with a topic and a SubRip
// prompt, a recording of real speech by a student, its reference annotation, and revisions
// of an annotation as GET /annotations/:id/revisions answers them (served in the browser only
// where this build has no such route yet).
import type { APIRequestContext } from "@playwright/test";
import type { Fragment, Ref } from "./annotations";
import { authed, expectJson, member, uniqueId } from "./api";
import { testAudio, uniqueWav, wavPart } from "./audio";
import type { World } from "./fixtures";
import { postMultipart } from "./multipart";

export const TOPIC = "The north wind and the sun";
export const CUES = ["The cat sits", "on the mat"];

export async function promptedRecording(
  request: APIRequestContext,
  world: World,
): Promise<{ ref: Ref; student: string }> {
  const { wav } = await testAudio();
  const student = await member(request, world, "STUDENT");
  const srt = Buffer.from(
    `1\r\n00:00:00,100 --> 00:00:00,800\r\n${CUES[0]}\r\n\r\n2\r\n00:00:00,800 --> 00:00:01,500\r\n${CUES[1]}\r\n\r\n`,
    "utf8",
  );
  const challenge = uniqueId("sc");
  await expectJson(
    await postMultipart(
      request,
      "/api/challenges/speech",
      {
        id: challenge,
        language: "eng",
        topic: TOPIC,
        srt: { buffer: srt, name: "prompt.srt", mimeType: "application/x-subrip" },
      },
      authed(world.orgToken),
    ),
    201,
  );
  const fields = { id: uniqueId("rec"), audio: wavPart(uniqueWav(wav)), resultSetId: uniqueId("rs") };
  const created = await expectJson<{ id: string }>(
    await postMultipart(request, `/api/challenges/speech/${challenge}/recordings`, fields, authed(student.token)),
    201,
  );
  return {
    ref: { tenant: world.tenantId, organisation: world.orgId, challenge, recording: created.id },
    student: student.id,
  };
}

export const referencePath = (ref: Ref) =>
  `/api/organisations/${ref.organisation}/challenges/speech/${ref.challenge}/recordings/${ref.recording}/reference`;

export async function putReference(request: APIRequestContext, world: World, ref: Ref, annotations: Fragment[]) {
  await expectJson(
    await request.put(referencePath(ref), { data: { annotations }, headers: authed(world.orgToken) }),
    200,
  );
}
