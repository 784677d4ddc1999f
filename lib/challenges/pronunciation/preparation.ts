import { type JobHandler, PermanentJobError } from "@/lib/jobs/queue";
import { storedPcm } from "@/lib/recognition/audio/stored-pcm";
import { pronunciationEngineFor } from "@/lib/recognition/engines/registry";
import type { AlignmentResult } from "@/lib/recognition/engines/types";
import { scoreOf } from "@/lib/recognition/pronunciation/score";
import type { Storage } from "@/lib/storage/storage";
import type { Alignment } from "./alignment";

// Preparing a pronunciation challenge (background job, queued on create and when its reference
// audio or transcription changes): the reference audio force-aligned to the transcription by the
// language's engine fills `alignment` (words → grapheme chunks → phonemes with IPA and times) and
// the challenge becomes prepared. Where no engine aligns the language it is prepared without an
// alignment (its analyses then say that nothing judged them). A challenge changed or given a
// status or alignment by a client meanwhile is left as the client made it (compare-and-set).

export const PREPARE_PRONUNCIATION_CHALLENGE = "prepare-pronunciation-challenge";

/** The contract's alignment of an engine's forced alignment. */
export function toContractAlignment(result: AlignmentResult): Alignment {
  const round = (x: number) => Math.round(x * 1000) / 1000;
  return {
    confidenceScore: round(result.confidence),
    words: result.words.map((w) => ({
      chunks: w.chunks.map((c) => ({
        graphemes: c.graphemes,
        phonemes: c.phones.map((p) => ({
          ipa: p.ipa,
          start: round(p.start),
          end: round(p.end),
          confidenceScore: p.gop === null ? 0 : round(scoreOf(p.gop)),
        })),
      })),
    })),
  };
}

/** The job that aligns a challenge's reference audio. */
export function pronunciationPreparation(storage: Storage): JobHandler {
  return {
    maxAttempts: 3,
    run: async (db, challengePk, signal) => {
      const challenge = await db.pronunciationChallenge.findUnique({ where: { pk: challengePk } });
      if (challenge?.status !== "preparing" || challenge.alignment !== null) return;
      const found = await pronunciationEngineFor(challenge.language);
      let alignment: Alignment | null = null;
      if (found.engine) {
        const audio = await storedPcm(db, storage, challenge.referenceAudioFilePk);
        if (!audio) return;
        signal.throwIfAborted();
        const aligned = await found.engine
          .align({ language: challenge.language, text: challenge.transcription, audio }, signal)
          .catch((error) => {
            if (signal.aborted) throw error;
            // The reference audio does not say the transcription (or cannot be aligned): trying again will not help.
            throw new PermanentJobError(
              `the reference audio could not be aligned with the transcription: ${(error as Error).message}`,
            );
          });
        alignment = toContractAlignment(aligned);
      }
      signal.throwIfAborted();
      await db.pronunciationChallenge.updateMany({
        where: { pk: challengePk, status: "preparing", alignment: null, updated: challenge.updated },
        data: { status: "prepared", alignment: alignment ? JSON.stringify(alignment) : null },
      });
    },
    // A reference that cannot be aligned leaves the challenge unprepared (its answers are still
    // judged on their own). A client's own status or alignment is kept.
    onFailure: async (db, challengePk) => {
      await db.pronunciationChallenge.updateMany({
        where: { pk: challengePk, status: "preparing", alignment: null },
        data: { status: "unprepared" },
      });
    },
  };
}
