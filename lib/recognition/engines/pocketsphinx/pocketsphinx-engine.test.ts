import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { poolNice } from "../../../workers/pool-thread-priority.mjs";
import { GrammarError } from "../../recogniser";
import { EngineError, type Pcm } from "../types";
import { POCKETSPHINX_ENGINE, type PocketsphinxPrepared, pocketsphinxEngine } from "./pocketsphinx-engine";
import { SPHINX_NICE } from "./sphinx-pool";
import { choiceAudio } from "./trim-answer";

const engine = pocketsphinxEngine({ poolSize: 2 });
const info = await engine.info();
const tools = ["espeak-ng", "sox"].every((tool) => {
  try {
    execFileSync("which", [tool], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
});
const dir = mkdtempSync(path.join(os.tmpdir(), "pocketsphinx-test-"));

test.skip(!info.available || !tools, `needs pocketsphinx, espeak-ng and sox: ${info.reason ?? "no espeak-ng/sox"}`);
// Made once per worker process when the file is loaded, so removed when that process exits: a worker
// may run more of this file's tests after an afterAll (fully parallel runs split a file's tests).
process.once("exit", () => {
  engine.close();
  rmSync(dir, { recursive: true, force: true });
});

let count = 0;
/** espeak-ng speech as 16 kHz mono PCM (sox -R: its dither is the same on every run). */
function say(text: string, voice = "en-us", pad = 0.3): Pcm {
  const raw = path.join(dir, `${++count}.wav`);
  const wav = path.join(dir, `${count}-16k.wav`);
  execFileSync("espeak-ng", ["-v", voice, "-s", "150", "-w", raw, text], { stdio: "ignore" });
  execFileSync("sox", ["-R", raw, "-r", "16000", "-c", "1", "-b", "16", wav, "pad", `${pad}`, `${pad}`], {
    stdio: "ignore",
  });
  const data = readFileSync(wav);
  const at = data.indexOf("data") + 8;
  const samples = new Float32Array((data.length - at) >> 1);
  for (let i = 0; i < samples.length; i++) samples[i] = data.readInt16LE(at + 2 * i) / 32768;
  return { samples, sampleRate: 16000 };
}

const VOICES = ["en-us", "en-us+f3", "en+m3", "en-gb"];
const CAT = ["The cat is black.", "The cat was black."];
const WAYS = ["Turn left.", "Turn right.", "Go straight ahead."];

test("the engine names itself and speaks English", () => {
  expect(info).toEqual({ name: POCKETSPHINX_ENGINE, languages: ["eng"], available: true });
});

test("the recogniser's processes run below the worker pool's threads, so an answer's storing goes first", async () => {
  await engine.prepare({
    language: "eng",
    choices: [
      { text: "yes", audio: null },
      { text: "no", audio: null },
    ],
  });
  // /proc/<pid>/stat after the command's ")": field 4 (ppid) is at 1, field 19 (nice) at 16.
  const stat = (pid: string) => {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    return text.slice(text.lastIndexOf(")") + 2).split(" ");
  };
  const mine = readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .filter((pid) => {
      try {
        return (
          Number(stat(pid)[1]) === process.pid &&
          readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("sphinx-server.py")
        );
      } catch {
        return false; // gone meanwhile
      }
    });
  expect(mine.length).toBeGreaterThan(0);
  for (const pid of mine) expect(Number(stat(pid)[16])).toBe(SPHINX_NICE);
  expect(SPHINX_NICE).toBeGreaterThan(poolNice());
});

test("without Debian's python or the model the engine says why it is unavailable", async () => {
  const noPython = await pocketsphinxEngine({ python: "/nonexistent/python3" }).info();
  expect(noPython).toMatchObject({ available: false, reason: expect.stringContaining("/nonexistent/python3") });
  const noModel = await pocketsphinxEngine({ modelDir: "/nonexistent/en-us" }).info();
  expect(noModel).toMatchObject({ available: false, reason: expect.stringContaining("pocketsphinx-en-us") });
  const off = pocketsphinxEngine({ modelDir: "/nonexistent/en-us" });
  await expect(off.recognise({ engine: POCKETSPHINX_ENGINE, choices: [["yes"]] }, say("yes"))).rejects.toThrow(
    /not available/,
  );
});

test("prepare lists each choice's words and spells the words CMUdict lacks", async () => {
  const prepared = await engine.prepare({
    language: "eng",
    choices: [
      { text: "My name is Zorblax!", audio: null },
      { text: "My name is Anna", audio: null },
    ],
  });
  expect(prepared.choices).toEqual([
    ["my", "name", "is", "zorblax"],
    ["my", "name", "is", "anna"],
  ]);
  expect(Object.keys(prepared.prons)).toEqual(["zorblax"]);
  expect(prepared.jsgf).toContain("my name is zorblax | my name is anna");
  expect(JSON.parse(JSON.stringify(prepared))).toEqual(prepared);
});

test("prepare refuses choices that cannot form a grammar", async () => {
  const choices = (...texts: string[]) => ({ language: "eng", choices: texts.map((text) => ({ text, audio: null })) });
  await expect(engine.prepare(choices("yes", "?!"))).rejects.toThrow(GrammarError);
  await expect(engine.prepare(choices("Yes.", "yes"))).rejects.toThrow(GrammarError);
  await expect(engine.prepare({ ...choices("ja"), language: "nld" })).rejects.toThrow(GrammarError);
});

test("the is/was minimal pair is told apart in four voices", async () => {
  const prepared = await engine.prepare({ language: "eng", choices: CAT.map((text) => ({ text, audio: null })) });
  for (const voice of VOICES) {
    for (const [index, text] of CAT.entries()) {
      const result = await engine.recognise(prepared, say(text, voice));
      expect(result.choice, `${voice}: ${text} (${result.detail})`).toBe(index);
      expect(result.confidence).toBeGreaterThan(0.5);
      expect(result.engine).toBe(POCKETSPHINX_ENGINE);
    }
  }
});

test("three choices in five voices", async () => {
  const prepared = await engine.prepare({ language: "eng", choices: WAYS.map((text) => ({ text, audio: null })) });
  for (const voice of [...VOICES, "en-us+f2"]) {
    for (const [index, text] of WAYS.entries()) {
      const result = await engine.recognise(prepared, say(text, voice));
      expect(result.choice, `${voice}: ${text} (${result.detail})`).toBe(index);
    }
  }
});

test("a word CMUdict lacks is spelled by espeak-ng and recognised", async () => {
  const texts = ["My name is Zorblax.", "My name is Peter."];
  const prepared = await engine.prepare({ language: "eng", choices: texts.map((text) => ({ text, audio: null })) });
  for (const voice of ["en-us", "en-us+f3", "en-us+f2"]) {
    for (const [index, text] of texts.entries()) {
      const result = await engine.recognise(prepared, say(text, voice));
      expect(result.choice, `${voice}: ${text} (${result.detail})`).toBe(index);
    }
  }
});

test("sentences outside the choices, silence and noise are rejected", async () => {
  const prepared = await engine.prepare({ language: "eng", choices: CAT.map((text) => ({ text, audio: null })) });
  const others = ["Please open the window.", "Where is the train station?", "I like apples.", "The dog is white."];
  for (const voice of VOICES) {
    for (const text of others) {
      const result = await engine.recognise(prepared, say(text, voice));
      expect(result.choice, `${voice}: ${text} (${result.detail})`).toBeNull();
    }
  }
  const silence: Pcm = { samples: new Float32Array(32000), sampleRate: 16000 };
  expect((await engine.recognise(prepared, silence)).choice).toBeNull();
  let seed = 1;
  const noise = silence.samples.map(() => ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5) * 0.2);
  expect((await engine.recognise(prepared, { samples: noise, sampleRate: 16000 })).choice).toBeNull();
  expect((await engine.recognise(prepared, { samples: new Float32Array(0), sampleRate: 16000 })).choice).toBeNull();
});

test("wrong preparations and audio are engine errors", async () => {
  const answer = say("yes");
  await expect(engine.recognise({ engine: "other" }, answer)).rejects.toThrow(EngineError);
  const prepared: PocketsphinxPrepared = { engine: POCKETSPHINX_ENGINE, choices: [["yes"]], prons: {}, jsgf: "" };
  const at8k = { samples: answer.samples, sampleRate: 8000 } as unknown as Pcm;
  await expect(engine.recognise(prepared, at8k)).rejects.toThrow(EngineError);
});

test("a request that times out fails alone and the process is replaced", async () => {
  const hasty = pocketsphinxEngine({ poolSize: 1, timeoutMs: 1, timeoutPerSecondMs: 0 });
  const prepared = await engine.prepare({ language: "eng", choices: CAT.map((text) => ({ text, audio: null })) });
  try {
    await expect(hasty.recognise(prepared, say(CAT[0]!))).rejects.toThrow(/did not answer within/);
  } finally {
    hasty.close();
  }
  const again = await engine.recognise(prepared, say(CAT[1]!));
  expect(again.choice).toBe(1);
});

test("an aborted request rejects at once", async () => {
  const prepared = await engine.prepare({ language: "eng", choices: CAT.map((text) => ({ text, audio: null })) });
  const controller = new AbortController();
  const pending = engine.recognise(prepared, say(CAT[0]!), controller.signal);
  controller.abort(new Error("gone"));
  await expect(pending).rejects.toThrow("gone");
});

test("phones of the expected words are aligned with goodness-of-pronunciation scores", async () => {
  const answer = say("the cat is black");
  const right = await engine.phones(["the", "cat", "is", "black"], answer);
  expect(right.words.map((w) => w.phones.map((p) => p.phone).join(" "))).toEqual([
    "DH AH",
    "K AE T",
    "IH Z",
    "B L AE K",
  ]);
  const starts = right.words.flatMap((w) => w.phones.map((p) => p.start));
  expect(starts).toEqual([...starts].sort((a, b) => a - b));
  expect(right.loop.length).toBeGreaterThan(3);
  // Aligned against "was", the vowel and glide that were never said score far worse than "is" did.
  const wrong = await engine.phones(["the", "cat", "was", "black"], answer);
  const gop = (a: typeof right, word: number) => Math.min(...a.words[word]!.phones.map((p) => p.gop));
  expect(gop(wrong, 2)).toBeLessThan(gop(right, 2) - 5);
});

test("an answer scores the same whatever the process decoded before it", async () => {
  // One process, so that the noisy answer in between is decoded where the first one was: the front
  // end's noise estimate must start afresh with every answer (sphinx-server.py decode()).
  const single = pocketsphinxEngine({ poolSize: 1 });
  try {
    const answer = say("the cat is black", "en-gb");
    let seed = 7;
    const loud = say("where is the train station", "en-us+f3");
    const noisy = loud.samples.map((x) => x + ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5) * 0.3);
    const words = ["the", "cat", "is", "black"];
    const first = await single.phones(words, answer);
    await single.phones(["where", "is", "the", "train", "station"], { samples: noisy, sampleRate: 16000 });
    const again = await single.phones(words, answer);
    expect(again.words).toEqual(first.words);
    expect(again.loop).toEqual(first.loop);
  } finally {
    single.close();
  }
});

test("a given choice is checked against the answer as a whole", async () => {
  const texts = ["What time is it?", "What day is it?", "Where is the station?"];
  const prepared = await engine.prepare({ language: "eng", choices: texts.map((text) => ({ text, audio: null })) });
  const answer = say(texts[0]!, "en-gb");
  expect((await engine.recognise(prepared, answer)).choice).toBe(0);
  // A near choice may fit as a whole (its one word apart is the grammar's business); another sentence does not.
  const other = await engine.fits(prepared, answer, 2);
  expect(other).toMatchObject({ fits: false, detail: expect.stringContaining('"where is the station"') });
  expect((await engine.fits(prepared, answer, 0)).fits).toBe(true);
  await expect(engine.fits(prepared, answer, 3)).rejects.toThrow(EngineError);
  // After recognise() each choice's own path is known (ms 0); a copy of the answer is searched again.
  expect(other.ms).toBe(0);
  const copy = { ...answer, samples: answer.samples.slice() };
  for (const index of [0, 1, 2]) {
    const [known, searched] = [await engine.fits(prepared, answer, index), await engine.fits(prepared, copy, index)];
    expect(searched.ms).toBeGreaterThan(0);
    expect(searched.detail).toBe(known.detail);
  }
});

test("the gap search hears a repetition, says an omitted word, drops an extra one and corrects a substitution", async () => {
  const audio = say("The cat sat sat on the mat.");
  const costs = [[-3, -3, -0.5, 0, 0, 0]];
  const first = await engine.gaps(["the", "cat", "sat", "?on", "the", "mat"], audio, costs);
  expect(first.extras[0]).toEqual([
    { after: 2, word: "sat", start: expect.any(Number), end: expect.any(Number) },
    { item: 3, word: "on", start: expect.any(Number), end: expect.any(Number) },
  ]);
  const second = await engine.gaps(["the", "/k ih t/|cat", "sat", "sat", "on", "+big", "the", "mat"], audio, costs);
  expect(second.extras[0]!.map(({ start, end, ...x }) => x)).toEqual([{ item: 1, word: "cat" }]);
});

test("the grammar searched over the phone loop's recorded senone scores finds what decoding the audio finds", async () => {
  // sphinx_scores.py: the second search of an answer reads the first's scores instead of the audio.
  const p = await engine.prepare({
    language: "eng",
    choices: ["the cat is black", "the cat was black", "the dog is white"].map((text) => ({ text, audio: null })),
  });
  const cut = choiceAudio(say("the cat was black", "en-gb-scotland"));
  if (!("audio" in cut)) throw new Error(`no speech: ${cut.silent}`);
  const call = (engine as unknown as { call(op: string, body: object): Promise<{ result: Record<string, unknown> }> })
    .call;
  const ask = (shareScores: boolean) =>
    call.call(engine, "choice", { choices: p.choices, prons: p.prons, audio: cut.audio, shareScores, alone: true });
  const [shared, decoded] = [(await ask(true)).result, (await ask(false)).result];
  expect(shared.scores).toBe("recorded");
  expect(decoded.scores).toBe("decoded");
  expect(shared.index).toBe(1);
  // Each choice's own path only over recorded scores: decoding the audio per choice costs a search each.
  expect(shared.alone).toHaveLength(3);
  expect(decoded.alone).toBeUndefined();
  expect({ ...shared, scores: null, alone: null }).toEqual({ ...decoded, scores: null, alone: null });
});
