import { execFile, spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { createWorkerPool, type WorkerPool } from "@/lib/workers/pool";
import { decodePcmFile } from "../../audio/decode-pcm";
import { type ChoiceEngine, EngineError, type Pcm } from "../types";
import {
  referenceSimilarity,
  TEMPLATE_ENGINE,
  type TemplatePrepared,
  TemplatePrepareError,
  templateEngine,
} from "./template-engine";

const unexpected = (): never => {
  throw new Error("expected a failure");
};

const run = promisify(execFile);
const hasEspeak = spawnSync("espeak-ng", ["--version"]).status === 0;
const hasSox = spawnSync("sox", ["--version"]).status === 0 && spawnSync("opusenc", ["--version"]).status === 0;

const SETS = {
  eng: {
    voice: "en-us",
    choices: ["I would like a cup of tea", "Where is the train station", "The weather is nice today"],
    others: ["My brother plays football on Sundays", "I would like a glass of water"],
  },
  dut: {
    voice: "nl",
    choices: ["Ik wil graag een kopje koffie", "Waar is het station", "Het weer is mooi vandaag"],
    others: ["Mijn broer speelt voetbal", "Ik wil graag een glas water"],
  },
};
// Answers in voices the templates do not use: a high-pitched woman, through Opus at 24 kbit/s;
// a low-pitched man, quieter and faster.
const SPEAKERS = [
  { espeak: ["+f5", "-p", "65"], sox: [], opus: true },
  { espeak: ["+m7", "-p", "30", "-s", "190"], sox: ["gain", "-10"], opus: false },
];

test.describe.configure({ mode: "default" });
let dir: string;
let pool: WorkerPool;
let engine: ChoiceEngine;
let n = 0;

test.beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "template-engine-test-"));
  pool = createWorkerPool({ threads: 2 });
  engine = templateEngine({ pool });
});
test.afterAll(async () => {
  await pool?.close();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

/** espeak-ng speech, converted by sox to 16 kHz (and optionally through Opus), decoded as answers are. */
async function speak(voice: string, text: string, speaker: (typeof SPEAKERS)[number]): Promise<Pcm> {
  const [variant, ...args] = speaker.espeak;
  const raw = path.join(dir, `raw-${++n}.wav`);
  const wav = path.join(dir, `answer-${n}.wav`);
  await run("espeak-ng", ["-v", `${voice}${variant}`, ...args, "-w", raw, text]);
  await run("sox", ["-R", raw, "-r", "16000", wav, ...speaker.sox]);
  if (!speaker.opus) return decodePcmFile(wav);
  await run("opusenc", ["--quiet", "--bitrate", "24", wav, `${wav}.opus`]);
  return decodePcmFile(`${wav}.opus`);
}

test("names itself with its version and listens to every language", async () => {
  expect(await engine.info()).toEqual({ name: "template-mfcc-dtw/1", languages: "*", available: true });
});

for (const [language, set] of Object.entries(SETS)) {
  test(`${language}: picks the spoken choice and rejects sentences that are none of them`, async () => {
    test.skip(!hasEspeak || !hasSox, "espeak-ng, sox and opusenc are needed");
    test.setTimeout(60_000);
    const prepared = (await engine.prepare({
      language,
      choices: set.choices.map((text) => ({ text, audio: null })),
    })) as TemplatePrepared;
    expect(prepared.engine).toBe(TEMPLATE_ENGINE);
    expect(prepared.choices.map((c) => c.templates.length)).toEqual([8, 8, 8]);
    const stored = JSON.parse(JSON.stringify(prepared)); // as kept in the database
    for (const speaker of SPEAKERS) {
      for (const [index, text] of set.choices.entries()) {
        const result = await engine.recognise(stored, await speak(set.voice, text, speaker));
        expect(result, `${text} ${speaker.espeak.join(" ")}: ${result.detail}`).toMatchObject({
          choice: index,
          engine: TEMPLATE_ENGINE,
        });
        expect(result.confidence).toBeGreaterThanOrEqual(0.5);
      }
      for (const text of set.others) {
        const result = await engine.recognise(stored, await speak(set.voice, text, speaker));
        expect(result.choice, `${text}: ${result.detail}`).toBeNull();
        expect(result.confidence).toBeLessThan(0.5);
        expect(result.detail).toMatch(/rejected/);
      }
    }
  });
}

test("a single choice accepts itself and rejects another sentence; a recording is used beside espeak", async () => {
  test.skip(!hasEspeak || !hasSox, "espeak-ng, sox and opusenc are needed");
  const recording = await speak("en-us", "The weather is nice today", { espeak: ["+klatt"], sox: [], opus: false });
  const prepared = (await engine.prepare({
    language: "eng",
    choices: [{ text: "The weather is nice today", audio: recording }],
  })) as TemplatePrepared;
  expect(prepared.choices[0]!.templates.map((t) => t.source)).toEqual([
    "audio",
    "espeak:en-us",
    "espeak:en-gb+f3",
    "espeak:en-us+m3@150",
    "espeak:en-gb+f4@130",
    "espeak:en-us+f1@160",
    "espeak:en-gb+m1",
    "espeak:en-us+m7@140",
    "espeak:en-gb+m6@190",
  ]);
  const yes = await engine.recognise(prepared, await speak("en-us", "The weather is nice today", SPEAKERS[0]!));
  expect(yes.choice, yes.detail).toBe(0);
  const no = await engine.recognise(prepared, await speak("en-us", "Where is the train station", SPEAKERS[1]!));
  expect(no.choice, no.detail).toBeNull();
  expect(yes.ms).toBeLessThan(2000);
});

test("without a recording or an espeak-ng voice, prepare() says which choice cannot be templated", async () => {
  test.skip(!hasEspeak, "espeak-ng is needed");
  const audio: Pcm = { samples: (await speak("en-us", "Qapla", SPEAKERS[1]!)).samples, sampleRate: 16000 };
  const klingon = {
    language: "tlh",
    choices: [
      { text: "Qapla'", audio },
      { text: "nuqneH", audio: null },
    ],
  };
  await expect(engine.prepare(klingon)).rejects.toThrow(
    /choice 2 \("nuqneH"\) has no reference recording and cannot be synthesised: espeak-ng has no voice for language "tlh"/,
  );
  const withAudio = (await engine.prepare({ ...klingon, choices: [klingon.choices[0]!] })) as TemplatePrepared;
  expect(withAudio.choices[0]!.templates.map((t) => t.source)).toEqual(["audio"]);

  const saved = process.env.ESPEAK_NG_BIN;
  process.env.ESPEAK_NG_BIN = path.join(dir, "no-such-espeak");
  try {
    const err = await engine
      .prepare({ language: "eng", choices: [{ text: "hello", audio: null }] })
      .then(unexpected, (e: Error) => e);
    expect(err).toBeInstanceOf(TemplatePrepareError);
    expect(err.message).toMatch(
      /choice 1 \("hello"\) has no reference recording .*: espeak-ng is not installed at .*no-such-espeak$/,
    );
  } finally {
    if (saved === undefined) delete process.env.ESPEAK_NG_BIN;
    else process.env.ESPEAK_NG_BIN = saved;
  }
});

test("refuses what another engine prepared, and audio that is not 16 kHz", async () => {
  const answer: Pcm = { samples: new Float32Array(16000), sampleRate: 16000 };
  await expect(engine.recognise({ engine: "pocketsphinx-en-us/5" }, answer)).rejects.toBeInstanceOf(EngineError);
  const prepared = { engine: TEMPLATE_ENGINE, language: "eng", choices: [] };
  await expect(engine.recognise(prepared, { samples: answer.samples, sampleRate: 8000 as 16000 })).rejects.toThrow(
    /not 16 kHz/,
  );
});

test("similarity to a reference recording: the same sentence in other voices is closer than another sentence", async () => {
  test.skip(!hasEspeak || !hasSox, "espeak-ng, sox and opusenc are needed");
  test.setTimeout(60_000);
  const teacher = { espeak: [""], sox: [], opus: false };
  const reference = await speak("nl", SETS.dut.choices[0]!, teacher);
  expect(await referenceSimilarity(reference, reference, undefined, pool)).toBeCloseTo(1, 6);
  for (const speaker of SPEAKERS) {
    const same = await referenceSimilarity(
      reference,
      await speak("nl", SETS.dut.choices[0]!, speaker),
      undefined,
      pool,
    );
    const other = await referenceSimilarity(
      reference,
      await speak("nl", SETS.dut.others[0]!, speaker),
      undefined,
      pool,
    );
    expect(same).not.toBeNull();
    expect(other).not.toBeNull();
    expect(same!, `${speaker.espeak.join(" ")}: same ${same}, other ${other}`).toBeGreaterThan(other! + 0.1);
    expect(other!).toBeGreaterThanOrEqual(0);
  }
});
