import { execFile, spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { decodePcmFile } from "../../audio/decode-pcm";
import { concat, hiss, RATE } from "../test-signals";
import { sentenceLikeness } from "./sentence-likeness.mjs";

// A teacher's recording of two Dutch sentences (espeak-ng "nl") with its cues, and readings of it
// by another voice (a woman's, slower): as written, with the second sentence replaced, and stopped
// after the first.

const run = promisify(execFile);
const hasTools = ["espeak-ng", "sox"].every((t) => spawnSync(t, ["--version"]).status === 0);
const SENTENCES = ["De fiets is rood.", "De hond slaapt in de tuin."];
const OTHER = "Het regent vandaag heel hard.";
const gap = (seconds: number) => new Float32Array(Math.round(seconds * RATE));
const ms = (samples: number) => (samples / RATE) * 1000;

let dir: string;
let n = 0;
async function say(voice: string, text: string, ...args: string[]): Promise<Float32Array> {
  const raw = path.join(dir, `raw-${++n}.wav`);
  await run("espeak-ng", ["-v", voice, ...args, "-w", raw, text]);
  await run("sox", [raw, "-r", String(RATE), `${raw}.16k.wav`]);
  return (await decodePcmFile(`${raw}.16k.wav`)).samples;
}

let reference: Float32Array;
let cues: { startMs: number; endMs: number }[];
let read: Float32Array[];
let other: Float32Array;

test.beforeAll(async () => {
  test.skip(!hasTools, "espeak-ng and sox are needed");
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "likeness-"));
  const [r1, r2] = [await say("nl", SENTENCES[0]!), await say("nl", SENTENCES[1]!)];
  reference = concat(gap(0.3), r1, gap(0.4), r2, gap(0.3));
  const second = gap(0.3).length + r1.length + gap(0.4).length;
  cues = [
    { startMs: 300, endMs: ms(gap(0.3).length + r1.length) },
    { startMs: ms(second), endMs: ms(second + r2.length) },
  ];
  read = [await say("nl+f3", SENTENCES[0]!, "-s", "140"), await say("nl+f3", SENTENCES[1]!, "-s", "140")];
  other = await say("nl+f3", OTHER, "-s", "140");
});
test.afterAll(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

test("the reference recording itself is as like it as can be, sentence by sentence", () => {
  const found = sentenceLikeness(reference, reference, cues);
  expect(found.map((f) => f?.similarity)).toEqual([1, 1]);
});

test("another voice reading the text: each sentence found where it was read, and like the reference", () => {
  const answer = concat(gap(0.5), read[0]!, gap(0.6), read[1]!, gap(0.5));
  const found = sentenceLikeness(answer, reference, cues);
  const starts = [ms(gap(0.5).length), ms(gap(1.1).length + read[0]!.length)];
  for (const [i, f] of found.entries()) {
    expect(f, `sentence ${i + 1}`).not.toBeNull();
    expect(f!.similarity, `sentence ${i + 1}`).toBeGreaterThan(0.2);
    expect(Math.abs(f!.answerMs[0] - starts[i]!), `sentence ${i + 1} starts`).toBeLessThan(150);
  }
});

test("a woman's reading of a man's recording is compared at its best vocal tract length warp, not unwarped", () => {
  const answer = concat(gap(0.5), read[0]!, gap(0.6), read[1]!, gap(0.5));
  const warped = sentenceLikeness(answer, reference, cues);
  const unwarped = sentenceLikeness(answer, reference, cues, [1]);
  for (const i of [0, 1]) expect(warped[i]!.similarity).toBeGreaterThan(unwarped[i]!.similarity + 0.1);
});

test("a reading over 30 s has its warp chosen on its first 30 s: the same result as trying every warp on the whole", () => {
  const times = (n: number, ...parts: Float32Array[]) => concat(...Array.from({ length: n }, () => parts).flat());
  const answer = times(8, gap(0.5), read[0]!, gap(0.6), read[1]!);
  const long = times(8, reference);
  expect(answer.length / RATE).toBeGreaterThan(30);
  expect(sentenceLikeness(answer, long, cues)).toEqual(
    sentenceLikeness(answer, long, cues, undefined, Number.POSITIVE_INFINITY),
  );
});

test("a sentence read as another text, or not read at all, is far less like the reference than one read as written", () => {
  const asWritten = sentenceLikeness(concat(gap(0.5), read[0]!, gap(0.6), read[1]!, gap(0.5)), reference, cues);
  const replaced = sentenceLikeness(concat(gap(0.5), read[0]!, gap(0.6), other, gap(0.5)), reference, cues);
  const stopped = sentenceLikeness(concat(gap(0.5), read[0]!, gap(0.5)), reference, cues);
  expect(replaced[0]!.similarity).toBeGreaterThan(0.2);
  for (const missing of [replaced[1]!, stopped[1]!]) {
    expect(missing.similarity).toBeLessThan(0.1);
    expect(missing.similarity).toBeLessThan(asWritten[1]!.similarity - 0.15);
  }
});

test("nothing to compare: a silent reading, or a cue outside the reference's speech, gives null", () => {
  expect(sentenceLikeness(hiss(2, 0.0005), reference, cues)).toEqual([null, null]);
  expect(sentenceLikeness(reference, reference, [{ startMs: 0, endMs: 100 }])).toEqual([null]);
});
