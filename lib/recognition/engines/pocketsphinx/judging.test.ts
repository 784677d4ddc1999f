import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import type { AlignmentResult, Pcm } from "../types";
import { graphemeChunks } from "./grapheme-chunks";
import { pocketsphinxPronunciation, pocketsphinxReading, textWords } from "./judging";
import { POCKETSPHINX_ENGINE, pocketsphinxEngine } from "./pocketsphinx-engine";

const engine = pocketsphinxEngine({ poolSize: 1 });
const pronunciation = pocketsphinxPronunciation(engine);
const reading = pocketsphinxReading(engine);
const info = await pronunciation.info();
const tools = ["espeak-ng", "sox"].every((tool) => {
  try {
    execFileSync("which", [tool], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
});
const dir = mkdtempSync(path.join(os.tmpdir(), "pocketsphinx-judging-"));

// Made once per worker process when the file is loaded, so removed when that process exits: a worker
// may run more of this file's tests after an afterAll (fully parallel runs split a file's tests).
process.once("exit", () => {
  engine.close();
  rmSync(dir, { recursive: true, force: true });
});

let count = 0;
/** espeak-ng speech (text, or phonemes in [[...]]) as 16 kHz mono PCM. */
function say(text: string, voice = "en-us"): Pcm {
  const raw = path.join(dir, `${++count}.wav`);
  const wav = path.join(dir, `${count}-16k.wav`);
  execFileSync("espeak-ng", ["-v", voice, "-s", "150", "-w", raw, text], { stdio: "ignore" });
  execFileSync("sox", ["-R", raw, "-r", "16000", "-c", "1", "-b", "16", wav, "pad", "0.3", "0.3"], { stdio: "ignore" });
  const data = readFileSync(wav);
  const at = data.indexOf("data") + 8;
  const samples = new Float32Array((data.length - at) >> 1);
  for (let i = 0; i < samples.length; i++) samples[i] = data.readInt16LE(at + 2 * i) / 32768;
  return { samples, sampleRate: 16000 };
}

const MAT = "The cat sat on the mat.";
const vowelGop = (r: AlignmentResult, word: number) =>
  r.words[word]!.chunks.flatMap((c) => c.phones).find((p) => p.phone === "AE")!.gop!;

test("text words and grapheme chunks need no engine", () => {
  expect(textWords(" “Don’t” stop, well-known (cats)! — ")).toEqual(["Don’t", "stop", "well-known", "cats"]);
  const chunks = (word: string, phones: string) =>
    graphemeChunks(word, phones.split(" ")).map((c) => `${c.graphemes}:${c.phones.length}`);
  expect(chunks("Thought", "TH AO T")).toEqual(["Th:1", "ough:1", "t:1"]);
  expect(chunks("make", "M EY K")).toEqual(["m:1", "a:1", "ke:1"]);
  expect(chunks("don't", "D OW N T")).toEqual(["d:1", "o:1", "n':1", "t:1"]);
  expect(chunks("box", "B AA K S")).toEqual(["b:1", "o:1", "x:2"]);
  // A spelling the table cannot explain still covers every letter and phone.
  expect(chunks("1990", "N AY N T IY N N AY N T IY").join("")).toMatch(/^1:\d+9:\d+9:\d+0:\d+$/);
});

test.describe("on pocketsphinx", () => {
  test.skip(!info.available || !tools, `needs pocketsphinx, espeak-ng and sox: ${info.reason ?? "no espeak-ng/sox"}`);

  test("both engines name the choice engine and speak English", async () => {
    expect(info).toEqual({ name: POCKETSPHINX_ENGINE, languages: ["eng"], available: true });
    expect(await reading.info()).toEqual(info);
  });

  for (const voice of ["en-us", "en-gb"]) {
    test(`"${MAT}" is aligned word by word in ${voice}`, async () => {
      const audio = say(MAT, voice);
      const seconds = audio.samples.length / 16000;
      const result = await pronunciation.align({ language: "eng", text: MAT, audio });
      expect(result.words.map((w) => w.word)).toEqual(["The", "cat", "sat", "on", "the", "mat"]);
      const phones = result.words.flatMap((w) => w.chunks.flatMap((c) => c.phones));
      let last = 0;
      for (const p of phones) {
        expect(p.start).toBeGreaterThanOrEqual(last);
        expect(p.end).toBeGreaterThan(p.start);
        expect(p.ipa).not.toBe("");
        expect(p.gop).toBeLessThanOrEqual(0);
        last = p.end;
      }
      expect(last).toBeLessThanOrEqual(seconds);
      for (const w of result.words) expect(w.chunks.map((c) => c.graphemes).join("")).toBe(w.word);
      expect(result.words[1]!.chunks.map((c) => c.phones.map((p) => p.ipa).join(""))).toEqual(["k", "æ", "t"]);
      // Correct speech: most phones near the best the phone loop found (score ≥ 0.33 in score.ts).
      const gops = phones.map((p) => p.gop!).sort((a, b) => a - b);
      expect(gops[Math.floor(gops.length / 2)]).toBeGreaterThan(-4.5);
      expect(result).toMatchObject({ engine: POCKETSPHINX_ENGINE, pruningLevel: 0 });
      expect(result.confidence).toBeGreaterThan(0.3);
      expect(result.console).toContain("aligned 6 words, 15 phones");
    });
  }

  test('"cat" said as "cut" or "kit" scores its vowel far below the correct one', async () => {
    const right = await pronunciation.align({ language: "eng", text: MAT, audio: say("[[D@ k'at s'at 0nD@ m'at]]") });
    for (const vowel of ["V", "I"]) {
      const wrong = await pronunciation.align({
        language: "eng",
        text: MAT,
        audio: say(`[[D@ k'${vowel}t s'at 0nD@ m'at]]`),
      });
      expect(vowelGop(wrong, 1), `k${vowel}t`).toBeLessThan(vowelGop(right, 1) - 3);
      // The other words' vowels, said correctly, are not blamed.
      expect(vowelGop(wrong, 5)).toBeGreaterThan(vowelGop(wrong, 1) + 3);
    }
  });

  test("a language other than English is refused", async () => {
    await expect(pronunciation.align({ language: "nld", text: "kat", audio: say("cat") })).rejects.toThrow(/English/);
  });

  const TEXT = "The sun is warm, birds sing in the trees.";
  const expected = TEXT.split(" ");
  const heard = async (spoken: string) => {
    const audio = say(spoken);
    const result = await reading.listen({ language: "eng", expected, audio });
    expect(result.engine).toBe(POCKETSPHINX_ENGINE);
    for (const w of result.words) {
      expect(w.end).toBeGreaterThan(w.start);
      expect(w.end).toBeLessThanOrEqual(audio.samples.length / 16000);
      expect(w.confidence).toBeGreaterThanOrEqual(0);
      expect(w.confidence).toBeLessThanOrEqual(1);
    }
    return result.words.map((w) => w.word);
  };

  test("a text read correctly is heard word for word", async () => {
    const words = textWords(TEXT.toLowerCase());
    expect(await heard("the sun is warm birds sing in the trees")).toEqual(words);
  });

  test("an omitted, a substituted and a repeated word are heard as such", async () => {
    expect(await heard("the sun is warm sing in the trees")).toEqual([
      "the",
      "sun",
      "is",
      "warm",
      "sing",
      "in",
      "the",
      "trees",
    ]);
    const substituted = await heard("the sun is warm dogs sing in the trees");
    expect(substituted).not.toContain("birds");
    expect(substituted.slice(0, 4)).toEqual(["the", "sun", "is", "warm"]);
    expect(substituted[4]).toMatch(/^\/.+\/$/);
    expect(substituted.slice(-4)).toEqual(["sing", "in", "the", "trees"]);
    expect(await heard("the sun is warm warm birds sing in the trees")).toEqual([
      "the",
      "sun",
      "is",
      "warm",
      "warm",
      "birds",
      "sing",
      "in",
      "the",
      "trees",
    ]);
  });
});
