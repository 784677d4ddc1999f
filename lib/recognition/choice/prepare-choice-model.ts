import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Db } from "@/lib/db/client";
import type { Storage } from "@/lib/storage/storage";
import { decodePcmFile as decodePcm } from "../audio/decode-pcm";
import { choiceEnginesFor } from "../engines/registry";
import type { Pcm } from "../engines/types";
import type { ChoiceGrammar } from "../recogniser";
import type { ChoiceModel } from "./choice-model";

// The recogniser part of preparing a choice challenge: each choice's normalised reference audio
// decoded, then the engines for the language tried best first until one can prepare the choices.
// Their refusals are kept, in words, for the challenge's page and for the student's error.

type ChoiceRow = { text: string; audioFilePk: string | null };

/** Builds the stored model of a challenge from its grammar and its choices' audio. */
export async function prepareChoiceModel(
  db: Db,
  storage: Storage,
  grammar: ChoiceGrammar,
  choices: ChoiceRow[],
  signal: AbortSignal,
): Promise<ChoiceModel> {
  const audio = await referenceAudio(db, storage, choices, signal);
  const input = {
    language: grammar.language,
    choices: choices.map((c, i) => ({ text: c.text, audio: audio[i] ?? null })),
  };
  const refusals: string[] = [];
  for (const { engine, info } of await choiceEnginesFor(grammar.language)) {
    signal.throwIfAborted();
    try {
      const prepared = await engine.prepare(input, signal);
      return { ...grammar, recogniser: { engine: info.name, reason: refusals.join("; ") || null, prepared } };
    } catch (error) {
      refusals.push(`${info.name}: ${(error as Error).message}`);
    }
  }
  const reason = refusals.length
    ? refusals.join("; ")
    : `no engine installed here listens to the language "${grammar.language}"`;
  return { ...grammar, recogniser: { engine: null, reason, prepared: null } };
}

async function referenceAudio(
  db: Db,
  storage: Storage,
  choices: ChoiceRow[],
  signal: AbortSignal,
): Promise<(Pcm | null)[]> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "choice-audio-"));
  try {
    const out: (Pcm | null)[] = [];
    for (const [i, choice] of choices.entries()) {
      signal.throwIfAborted();
      const original = choice.audioFilePk
        ? await db.storedFile.findUnique({ where: { pk: choice.audioFilePk } })
        : null;
      const normalised = original?.normalisedPk
        ? await db.storedFile.findUnique({ where: { pk: original.normalisedPk } })
        : null;
      if (!normalised) {
        out.push(null);
        continue;
      }
      const file = path.join(dir, `choice-${i}.ogg`);
      await storage.download(normalised.storageKey, file);
      out.push(await decodePcm(file));
    }
    return out;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
