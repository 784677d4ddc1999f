import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import type { ChoiceChallengeRow } from "@/lib/challenges/choice/choice-challenges";
import { createWorkerPool, type WorkerPool } from "@/lib/workers/pool";
import { decodePcmFile } from "../audio/decode-pcm";
import { TEMPLATE_ENGINE, templateEngine } from "../engines/template/template-engine";
import type { ChoiceEngine, Pcm } from "../engines/types";
import { EARLY_QUIET_SECONDS, EarlyChoice } from "./early-choice";
import { type ChoiceJudge, runChoiceEngine } from "./judge-choice";

// The early judgement with the real template engine on espeak-ng speech: it starts once the
// audio so far ends in quiet, and its verdict is used only when it is the whole answer's.

const run = promisify(execFile);
const CHOICES = ["I would like a cup of tea", "Where is the train station", "The weather is nice today"];
const challenge = { grammarFilePk: "model", choices: CHOICES.map((text) => ({ text })) } as ChoiceChallengeRow;

let dir: string;
let pool: WorkerPool;
let judge: ChoiceJudge;
/** Lengths (samples) of the answers the engine was asked about. */
let asked: number[];
/** The abort signals of those judgements, in the same order. */
let signals: (AbortSignal | undefined)[] = [];

async function speak(text: string, padSeconds: number): Promise<Pcm> {
  const raw = path.join(dir, `${asked.length}-${text.length}-raw.wav`);
  const out = path.join(dir, `${asked.length}-${text.length}-${padSeconds}.wav`);
  await run("espeak-ng", ["-v", "en-gb", "-w", raw, text]);
  await run("sox", ["-R", raw, "-r", "16000", "-c", "1", "-b", "16", out, "pad", "0", String(padSeconds)]);
  return decodePcmFile(out);
}
const prefix = (pcm: Pcm, seconds: number): Pcm => ({ ...pcm, samples: pcm.samples.slice(0, seconds * 16000) });
const joined = (a: Pcm, b: Pcm): Pcm => {
  const samples = new Float32Array(a.samples.length + b.samples.length);
  samples.set(a.samples);
  samples.set(b.samples, a.samples.length);
  return { samples, sampleRate: 16000 };
};
/** The answer arriving in 250-ms chunks, each considered before the next arrives. */
async function stream(early: EarlyChoice, pcm: Pcm, from = 0.25) {
  for (let s = from; s * 16000 < pcm.samples.length; s += 0.25) await early.consider(async () => prefix(pcm, s));
}

test.describe.configure({ mode: "serial" });
test.beforeAll(async () => {
  test.setTimeout(60_000);
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "early-choice-"));
  pool = createWorkerPool({ threads: 1 });
  asked = [];
  const engine = templateEngine({ pool });
  const prepared = await engine.prepare({ language: "eng", choices: CHOICES.map((text) => ({ text, audio: null })) });
  const counted: ChoiceEngine = {
    ...engine,
    span: engine.span,
    recognise: (p, answer, signal) => {
      asked.push(answer.samples.length);
      signals.push(signal);
      return engine.recognise(p, answer, signal);
    },
  };
  judge = { name: TEMPLATE_ENGINE, engine: counted, prepared };
});
test.afterAll(async () => {
  await pool?.close();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

test("an answer is judged once its speech has ended, and that verdict is the whole answer's", async () => {
  const answer = await speak(CHOICES[1]!, 1);
  asked = [];
  const early = new EarlyChoice(challenge, async () => judge);
  await stream(early, answer);
  expect(asked).toHaveLength(1);
  expect(asked[0]!).toBeLessThan(answer.samples.length - 0.5 * 16000);
  // The speech ended at least EARLY_QUIET_SECONDS before the audio judged early did.
  const span = judge.engine.span!(judge.prepared, answer);
  expect(asked[0]! - span.to).toBeGreaterThanOrEqual(EARLY_QUIET_SECONDS * 16000);
  const verdict = await early.take(challenge, judge, answer);
  const whole = await runChoiceEngine(judge, challenge, answer, new AbortController().signal);
  expect(verdict).toEqual(whole);
  expect(whole.recognised).toBe(CHOICES[1]);
  expect(asked).toHaveLength(2);
});

test("speech after a pause, or other samples in what was judged, make the answer judged again whole", async () => {
  const first = await speak("Where is the", 0.8);
  const answer = joined(first, await speak("train station", 0.6));
  asked = [];
  const early = new EarlyChoice(challenge, async () => judge);
  await stream(early, first);
  expect(asked, "the pause looked like the end of the answer").toHaveLength(1);
  expect(early.take(challenge, judge, answer)).toBeNull();

  asked = [];
  const again = new EarlyChoice(challenge, async () => judge);
  await stream(again, first);
  const changed = joined(first, { samples: new Float32Array(8000), sampleRate: 16000 });
  changed.samples[4000] = -changed.samples[4000]! || 0.25; // inside the speech the early verdict read
  expect(again.take(challenge, judge, changed)).toBeNull();
  const same = joined(first, { samples: new Float32Array(8000), sampleRate: 16000 });
  const other = new EarlyChoice(challenge, async () => judge);
  await stream(other, first);
  expect(other.take(challenge, judge, same)).not.toBeNull();
});

test("speech that goes on after a pause stops the judgement of the speech before it", async () => {
  const first = await speak("Where is the", 0.8);
  const answer = joined(first, await speak("train station", 1));
  asked = [];
  signals = [];
  const early = new EarlyChoice(challenge, async () => judge);
  // Up to half a second into the speech after the pause: no new quiet to judge yet.
  const upTo = Math.ceil((first.samples.length / 16000 + 0.5) * 4) / 4;
  await stream(early, prefix(answer, upTo));
  expect(asked, "judged in the pause").toHaveLength(1);
  expect(signals[0]?.aborted, "the pause's judgement was stopped as the speech went on").toBe(true);
  await stream(early, answer, upTo);
  expect(asked, "judged again after the answer").toHaveLength(2);
  expect(signals[1]?.aborted).toBe(false);
  const verdict = await early.take(challenge, judge, answer);
  expect(verdict?.recognised).toBe(CHOICES[1]);
});

test("a challenge changed since init_challenge is judged again", async () => {
  const answer = await speak(CHOICES[0]!, 1);
  const early = new EarlyChoice(challenge, async () => judge);
  await stream(early, answer);
  const renamed = { ...challenge, choices: [{ text: "I would like a cup of coffee" }, ...challenge.choices.slice(1)] };
  expect(early.take(renamed as ChoiceChallengeRow, judge, answer)).toBeNull();
});
