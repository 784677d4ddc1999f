import type { ChoiceChallengeRow } from "@/lib/challenges/choice/choice-challenges";
import { db } from "@/lib/db/client";
import { metrics } from "@/lib/metrics/registry";
import { storage } from "@/lib/storage/storage";
import { decodePcmFile as decodePcm } from "../audio/decode-pcm";
import { choiceEngineNamed } from "../engines/registry";
import type { ChoiceEngine, Pcm } from "../engines/types";
import { ERRORS, WampError } from "../wamp/messages";
import type { ChoiceModel } from "./choice-model";
import type { EarlyChoice } from "./early-choice";

// Judging one choice answer: the challenge's prepared model (read from storage once per file and
// kept), the engine named in it, and the answer's audio decoded to 16 kHz PCM.

const cache = new Map<string, Promise<ChoiceModel>>();
const CACHE_SIZE = 200;

export type ChoiceVerdict = { recognised: string | null; engine: string; confidence: number };

/** The engine a challenge was prepared for and what it prepared. */
export type ChoiceJudge = { name: string; engine: ChoiceEngine; prepared: unknown };

/**
 * Which choice of `challenge` (read in the caller's scope) the audio at `file` says; a WampError in
 * words when no engine can tell. `samples`: the file's 16 kHz samples when the caller holds them
 * already (WAV chunks as the SDK's recorder sends them), so the file is not decoded again.
 */
export async function judgeChoice(
  challenge: ChoiceChallengeRow,
  file: string,
  signal: AbortSignal,
  early?: EarlyChoice,
  samples?: Float32Array | null,
): Promise<ChoiceVerdict> {
  const judge = await choiceJudge(challenge);
  const pcm: Pcm = samples ? { samples, sampleRate: 16000 } : await decodePcm(file);
  metrics().recognitionAudio.inc({ kind: "choice" }, pcm.samples.length / pcm.sampleRate);
  const verdict = await early?.take(challenge, judge, pcm)?.catch(() => null);
  return verdict ?? runChoiceEngine(judge, challenge, pcm, signal);
}

/** The engine `challenge` was prepared for, or a WampError saying why none can judge it. */
export async function choiceJudge(challenge: ChoiceChallengeRow): Promise<ChoiceJudge> {
  if (!challenge.grammarFilePk)
    throw new WampError(ERRORS.recognitionFailed, "The challenge has not been prepared for recognition");
  const model = await modelOf(challenge.grammarFilePk);
  const {
    engine: name,
    reason,
    prepared,
  } = model.recogniser ?? { engine: null, reason: "prepared before engines existed: save the challenge again" };
  if (!name) throw new WampError(ERRORS.recognitionFailed, `No engine can recognise this challenge: ${reason}`);
  const engine = await choiceEngineNamed(name);
  if (!engine)
    throw new WampError(
      ERRORS.recognitionFailed,
      `The engine ${name} that prepared this challenge is not available on this server`,
    );
  return { name, engine, prepared };
}

/** The engine's verdict on `pcm`, counted in the engine metrics. */
export async function runChoiceEngine(
  { name, engine, prepared }: ChoiceJudge,
  challenge: ChoiceChallengeRow,
  pcm: Pcm,
  signal: AbortSignal,
): Promise<ChoiceVerdict> {
  const result = await engine.recognise(prepared, pcm, signal).catch((error) => {
    metrics().engineCalls.inc({ engine: name, outcome: signal.aborted ? "abandoned" : "failed" });
    throw new WampError(ERRORS.recognitionFailed, `The ${name} engine failed: ${(error as Error).message}`);
  });
  metrics().engineCalls.inc({ engine: name, outcome: result.choice === null ? "rejected" : "recognised" });
  metrics().engineSeconds.observe({ engine: name }, result.ms / 1000);
  const recognised = result.choice === null ? null : (challenge.choices[result.choice]?.text ?? null);
  return { recognised, engine: result.engine, confidence: result.confidence };
}

async function modelOf(filePk: string): Promise<ChoiceModel> {
  let model = cache.get(filePk);
  if (!model) {
    model = readModel(filePk);
    model.catch(() => cache.delete(filePk));
    cache.set(filePk, model);
    if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  }
  return model;
}

async function readModel(filePk: string): Promise<ChoiceModel> {
  const row = await db().storedFile.findUnique({ where: { pk: filePk }, select: { storageKey: true } });
  if (!row) throw new WampError(ERRORS.recognitionFailed, "The challenge's prepared model is missing");
  const chunks: Buffer[] = [];
  for await (const chunk of await storage().read(row.storageKey)) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString("utf8")) as ChoiceModel;
}
