// Choice answers judged while the recorder still runs: once the student has stopped speaking, the
// engine judges the audio so far, and the result comes as soon as the last chunk is in, the same
// result the whole answer gets (lib/recognition/choice/early-choice.ts).
import type { APIRequestContext } from "@playwright/test";
import { authed, expectJson, member } from "../support/api";
import { expect, test, type World } from "../support/fixtures";
import { postMultipart } from "../support/multipart";
import { speakWav, wavChunks } from "../support/speech";
import { WampClient } from "../support/wamp-client";

const wsUrl = () => `${String(test.info().project.use.baseURL).replace(/^http/, "ws")}/ws`;
const CHOICES = ["I would like a cup of tea", "Where is the train station", "The weather is nice today"];
type Recognition = { id: string; recognised: string | null; confidence: number | null; engine: string | null };

async function preparedChallenge(request: APIRequestContext, world: World): Promise<string> {
  const created = await expectJson<{ id: string }>(
    await postMultipart(
      request,
      "/api/challenges/choice",
      { language: "eng", choices: CHOICES },
      authed(world.orgToken),
    ),
    202,
  );
  await expect
    .poll(
      async () =>
        (
          await expectJson<{ status: string }>(
            await request.get(`/api/challenges/choice/${created.id}`, { headers: authed(world.orgToken) }),
            200,
          )
        ).status,
      { timeout: 60_000, intervals: [200, 500] },
    )
    .toBe("prepared");
  return created.id;
}

const earlyJudgements = async (request: APIRequestContext, admin: string, outcome: "used" | "unused") => {
  const text = await (await request.get("/api/metrics", { headers: authed(admin) })).text();
  const line = new RegExp(`^recognition_early_judgements_total\\{outcome="${outcome}"\\} (\\S+)$`, "m");
  return Number(line.exec(text)?.[1] ?? 0);
};
const earlyUsed = (request: APIRequestContext, admin: string) => earlyJudgements(request, admin, "used");

/** One answer through the procedures: WAV chunks written `gapMs` apart, then recognise. */
async function answer(client: WampClient, challengeId: string, chunks: Buffer[], gapMs: number) {
  const id = await written(client, challengeId, chunks, gapMs);
  return (await client.call("nl.itslanguage.choice.recognise", [id])) as Recognition;
}

/** An answer's chunks written `gapMs` apart; its id. */
async function written(client: WampClient, challengeId: string, chunks: Buffer[], gapMs: number) {
  const id = (await client.call("nl.itslanguage.choice.init_recognition")) as string;
  await client.call("nl.itslanguage.choice.init_challenge", [id, challengeId]);
  await client.call("nl.itslanguage.choice.init_audio", [id, "audio/wav"], {
    channels: 1,
    sampleWidth: 2,
    frameRate: 16000,
  });
  for (const chunk of chunks) {
    await client.call("nl.itslanguage.choice.write", [id, chunk.toString("base64"), "base64"]);
    await new Promise((r) => setTimeout(r, gapMs));
  }
  return id;
}

test("a choice answer is judged once the student stops speaking, with the verdict the whole answer gets", async ({
  request,
  world,
  admin,
}) => {
  test.setTimeout(120_000);
  const challengeId = await preparedChallenge(request, world);
  const student = await member(request, world, "STUDENT");
  const { client } = await WampClient.session(wsUrl(), student.token);
  // 1.5 s of the recorder running on after the sentence, sent in quarter seconds.
  const wav = await speakWav(CHOICES[1]!, { voice: "en-gb", padSeconds: 1.5 });
  const seconds = (wav.length - 44) / 32000;
  const before = await earlyUsed(request, admin);
  const streamed = await answer(client, challengeId, wavChunks(wav, Math.ceil(seconds / 0.25)), 120);
  expect(streamed.recognised).toBe(CHOICES[1]);
  expect(await earlyUsed(request, admin), "judged before the last chunk").toBe(before + 1);

  // The same audio in one piece, recognised at once: nothing to judge early, the same verdict.
  const whole = await answer(client, challengeId, [wav], 0);
  const stored = (id: string) =>
    request
      .get(`/api/challenges/choice/${challengeId}/recognitions/${id}`, { headers: authed(world.orgToken) })
      .then((r) => expectJson<Recognition>(r, 200));
  const [a, b] = [await stored(streamed.id), await stored(whole.id)];
  expect(b).toMatchObject({ recognised: a.recognised, confidence: a.confidence, engine: a.engine });
  expect(a.confidence).toEqual(expect.any(Number));
  client.close();
});

test("an answer left unstored when its session closes stops its early judgement", async ({ request, world, admin }) => {
  test.setTimeout(120_000);
  const challengeId = await preparedChallenge(request, world);
  const student = await member(request, world, "STUDENT");
  const { client } = await WampClient.session(wsUrl(), student.token);
  const wav = await speakWav(CHOICES[2]!, { voice: "en-gb", padSeconds: 1.5 });
  const before = await earlyJudgements(request, admin, "unused");
  await written(client, challengeId, wavChunks(wav, Math.ceil((wav.length - 44) / 32000 / 0.25)), 0);
  client.close(); // no recognise: the student left
  await expect
    .poll(() => earlyJudgements(request, admin, "unused"), { timeout: 10_000 })
    .toBeGreaterThanOrEqual(before + 1);
});
