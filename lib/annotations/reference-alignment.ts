import type { Db } from "@/lib/db/client";
import { isUniqueViolation, organisationPkOf } from "@/lib/db/ids";
import { type JobHandler, PermanentJobError } from "@/lib/jobs/queue";
import { storedPcm } from "@/lib/recognition/audio/stored-pcm";
import { pronunciationEngineFor } from "@/lib/recognition/engines/registry";
import { expectedSentences } from "@/lib/recognition/reading/challenge-text";
import type { Storage } from "@/lib/storage/storage";
import { type Fragment, toMs } from "./fragments";
import { schemeOf } from "./label-schemes";

// Reference annotations by forced alignment (background job, queued when a speech recording of a
// challenge with SRT sentences is stored): the language's engine aligns the sentences' words with
// the recording, and the Words layer of its reference annotation gets one fragment per word, so the
// editor's pre-fill from the reference works without anyone drawing it. A reference a person saved
// is never replaced. Where nothing can align, the recording's referenceNote says why.

export const ALIGN_RECORDING_REFERENCE = "align-recording-reference";
const WORDS_LAYER = "Words";

/** Words with times in seconds → Words fragments in whole ms, inside the recording, none empty. */
export function wordFragments(words: { word: string; start: number; end: number }[], durationMs: number): Fragment[] {
  const out: Fragment[] = [];
  for (const w of words) {
    const startMs = Math.max(0, toMs(w.start));
    const endMs = Math.min(durationMs, toMs(w.end));
    if (endMs <= startMs) continue;
    out.push({ startMs, endMs, labels: [{ layer: WORDS_LAYER, label: w.word, comment: "" }] });
  }
  return out;
}

/** Whether a speech challenge gives its recordings a text to align: SRT sentences. */
export const hasTextToAlign = (challenge: { srtFilePk: string | null }) => challenge.srtFilePk !== null;

/** A recording's reference note where its challenge has no text to align. */
export const NO_TEXT_TO_ALIGN = "the challenge has no SRT sentences to align";

async function note(db: Db, recordingPk: string, why: string) {
  await db.speechRecording.updateMany({ where: { pk: recordingPk }, data: { referenceNote: why } });
}

/** The job that makes a recording's reference annotation. */
export function referenceAlignment(storage: Storage): JobHandler {
  return {
    maxAttempts: 3,
    run: async (db, recordingPk, signal) => {
      const recording = await db.speechRecording.findUnique({
        where: { pk: recordingPk },
        include: { challenge: true, reference: { select: { recordingPk: true } } },
      });
      if (!recording || recording.reference) return;
      const { challenge } = recording;
      const words = (await expectedSentences(db, storage, { srtFilePk: challenge.srtFilePk, topic: null })).flatMap(
        (s) => s.words,
      );
      if (words.length === 0) return note(db, recordingPk, NO_TEXT_TO_ALIGN);
      const scheme = await schemeOf(db, organisationPkOf(recording.ns)!);
      if (!scheme.layers.some((l) => l.name === WORDS_LAYER && l.freeText))
        return note(db, recordingPk, "the organisation's annotation scheme has no free-text Words layer");
      const found = await pronunciationEngineFor(challenge.language);
      if (!found.engine) return note(db, recordingPk, found.reason);

      const audio = await storedPcm(db, storage, recording.audioFilePk);
      if (!audio) throw new PermanentJobError("the recording's audio is missing");
      signal.throwIfAborted();
      const aligned = await found.engine
        .align({ language: challenge.language, text: words.join(" "), audio }, signal)
        .catch((error) => {
          if (signal.aborted) throw error;
          throw new PermanentJobError(`the recording could not be aligned with the text: ${(error as Error).message}`);
        });
      const fragments = wordFragments(aligned.words, Math.floor((audio.samples.length / audio.sampleRate) * 1000));
      signal.throwIfAborted();
      try {
        await db.referenceAnnotation.create({
          data: { recordingPk, fragments: JSON.stringify(fragments), engine: found.name },
        });
        await db.speechRecording.updateMany({ where: { pk: recordingPk }, data: { referenceNote: null } });
      } catch (error) {
        // A person saved one meanwhile: theirs stands.
        if (!isUniqueViolation(error)) throw error;
      }
    },
    onFailure: async (db, recordingPk, reason) => note(db, recordingPk, reason),
  };
}
