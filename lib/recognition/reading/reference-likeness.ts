import { referenceSentenceLikeness, TEMPLATE_ENGINE } from "../engines/template/template-engine";
import type { Pcm } from "../engines/types";
import type { ExpectedSentence } from "./challenge-text";

// What can still be measured of a reading in a language no engine reads: how like the teacher's
// reference recording it sounds, per sentence where an uploaded SRT says where each sentence is in
// that recording, else for the whole reading. Offered in words beside the NA labels and named as
// likeness to one speaker; it labels no word and scores nothing.

export type Likeness = {
  /** Per sentence from the first judged: what was measured, in words (null: nothing could be). */
  notes: (string | null)[];
  /** What was measured and by which engine, for the stored feedback's extra. */
  measured: string;
};

const SCALE = "100 % is as close as that recording to itself, 0 % no closer than it played backwards";
const percent = (x: number) => `${Math.round(x * 100)} %`;

/**
 * The likeness of `audio` (the whole reading, from sentence `from`) to `reference` (the challenge's
 * recording of all `sentences`); null when it cannot be measured (no reference, no speech in either).
 */
export async function likenessToReference(
  sentences: ExpectedSentence[],
  from: number,
  audio: Pcm,
  reference: Pcm,
  signal?: AbortSignal,
): Promise<Likeness | null> {
  const judged = sentences.slice(from);
  if (judged.length === 0) return null;
  const cues = judged.map((s) => s.referenceMs);
  const timed = cues.every((c) => c !== undefined);
  if (timed) {
    const found = await referenceSentenceLikeness(
      reference,
      audio,
      cues as NonNullable<(typeof cues)[number]>[],
      signal,
    );
    if (found.every((f) => f === null)) return null;
    return {
      notes: found.map((f) =>
        f === null
          ? "This sentence could not be compared with the reference recording."
          : `Similarity of this sentence to the reference recording: ${percent(f.similarity)} (${TEMPLATE_ENGINE}: the part of the reading that lines up with the sentence against the teacher's recording of it; ${SCALE}). It measures likeness to one speaker, not reading.`,
      ),
      measured: `similarity per sentence to the reference recording (${TEMPLATE_ENGINE})`,
    };
  }
  // Without cues (a typed passage or a topic): the whole reading against the whole recording.
  const span = { startMs: 0, endMs: (reference.samples.length / reference.sampleRate) * 1000 };
  const [whole] = await referenceSentenceLikeness(reference, audio, [span], signal);
  if (!whole) return null;
  const note = `Similarity of the whole reading to the reference recording: ${percent(whole.similarity)} (${TEMPLATE_ENGINE}; ${SCALE}; without an uploaded SRT the sentences cannot be found in that recording). It measures likeness to one speaker, not reading.`;
  return {
    notes: judged.map(() => note),
    measured: `similarity of the whole reading to the reference recording (${TEMPLATE_ENGINE})`,
  };
}
