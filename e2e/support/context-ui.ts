// Helpers of the editor-context browser tests: a speech challenge with a topic and a SubRip
// prompt, a recording of real speech by a student, its reference annotation, and revisions
// of an annotation as GET /annotations/:id/revisions answers them (served in the browser only
// where this build has no such route yet).
import type { APIRequestContext, Page } from "@playwright/test";
import type { Fragment, Ref } from "./annotations";
import { authed, expectJson, member, uniqueId } from "./api";
import { testAudio, uniqueWav, wavPart } from "./audio";
import type { World } from "./fixtures";
import { postMultipart } from "./multipart";

export const TOPIC = "The north wind and the sun";
export const CUES = ["The cat sits", "on the mat"];

export async function promptedRecording(request: APIRequestContext, world: World): Promise<{ ref: Ref; student: string }> {
  const { wav } = await testAudio();
  const student = await member(request, world, "STUDENT");
  const srt = Buffer.from(`1\r\n00:00:00,100 --> 00:00:00,800\r\n${CUES[0]}\r\n\r\n2\r\n00:00:00,800 --> 00:00:01,500\r\n${CUES[1]}\r\n\r\n`, "utf8");
  const challenge = uniqueId("sc");
  await expectJson(
    await postMultipart(request, "/api/challenges/speech", { id: challenge, language: "eng", topic: TOPIC, srt: { buffer: srt, name: "prompt.srt", mimeType: "application/x-subrip" } }, authed(world.orgToken)),
    201,
  );
  const fields = { id: uniqueId("rec"), audio: wavPart(uniqueWav(wav)), resultSetId: uniqueId("rs") };
  const created = await expectJson<{ id: string }>(await postMultipart(request, `/api/challenges/speech/${challenge}/recordings`, fields, authed(student.token)), 201);
  return { ref: { tenant: world.tenantId, organisation: world.orgId, challenge, recording: created.id }, student: student.id };
}

export const referencePath = (ref: Ref) => `/api/organisations/${ref.organisation}/challenges/speech/${ref.challenge}/recordings/${ref.recording}/reference`;

export async function putReference(request: APIRequestContext, world: World, ref: Ref, annotations: Fragment[]) {
  await expectJson(await request.put(referencePath(ref), { data: { annotations }, headers: authed(world.orgToken) }), 200);
}

export type RevisionOut = { version: number; savedBy: string; saved: string; doneBase: string | null; doneFull: string | null; fragments: Fragment[] };

/**
 * The revisions the editor reads. Until GET /annotations/:id/revisions exists in this build
 * (another branch adds it), the browser gets `revisions` for it; once the route is in the
 * OpenAPI document, the real one answers and this does nothing.
 */
export async function serveRevisionsIfMissing(page: Page, request: APIRequestContext, id: number, revisions: RevisionOut[]): Promise<boolean> {
  const doc = await expectJson<{ paths: Record<string, unknown> }>(await request.get("/api/openapi.json"), 200);
  if (Object.keys(doc.paths).some((p) => /\/annotations\/\{[^}]+\}\/revisions$/.test(p))) return false;
  await page.route(`**/api/annotations/${id}/revisions`, (route) => route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify(revisions) }));
  return true;
}
