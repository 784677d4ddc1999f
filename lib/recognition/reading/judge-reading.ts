import type { FeedbackSentence } from "@/lib/feedback/schemas";
import { pronunciationEngineFor, readingEngineFor } from "../engines/registry";
import type { Pcm } from "../engines/types";
import { soundsChanged } from "../pronunciation/score";
import type { ExpectedSentence } from "./challenge-text";
import { type ExpectedWord, type LabelledWord, labelWords, normaliseWord } from "./label-words";
import { LABELS } from "./labels";
import { notAssessedSentences } from "./not-assessed";
import { likenessToReference } from "./reference-likeness";

// Judging a reading aloud: the words heard by the language's reading engine, labelled against the
// text (label-words.ts); a word read correctly whose sounds the pronunciation engine heard changed
// becomes PC. A sentence is complete once the reader is into the next one (or the audio ended), so
// feedback can be sent sentence by sentence, in order, while the student reads.

export type ReadingVerdict = {
  sentences: FeedbackSentence[];
  /** Per returned sentence: whether the reader has moved past it (or the audio ended). */
  complete: boolean[];
  engine: string | null;
  reason: string | null;
  /** Where no engine judged: what was measured instead (reference-likeness.ts), in words. */
  measured: string | null;
};

export const FRAME_MS = 10;
/** The last part of the audio so far whose words do not yet count as heard while reading. */
const EDGE_MS = 300;

/**
 * Judges the sentences from `from` on in `audio`; `final` when the audio has ended. While the
 * student reads, `audio` may be the part from `offsetMs` on (after the sentences already sent):
 * timings are then given from the start of the whole answer.
 */
export async function judgeReading(
  challenge: {
    language: string;
    sentences: ExpectedSentence[];
    /** The challenge's reference recording (16 kHz), for what can be measured where no engine reads. */
    referenceAudio?: () => Promise<Pcm | null>;
  },
  audio: Pcm,
  from: number,
  final: boolean,
  signal: AbortSignal,
  offsetMs = 0,
): Promise<ReadingVerdict> {
  // The final judgement reads word spans back from `audio` (markPhoneticChanges): it needs it whole.
  if (final && offsetMs !== 0) throw new Error("the final judgement takes the whole answer");
  const found = await readingEngineFor(challenge.language);
  if (!found.engine) {
    // Measured once, on the whole answer (a reading resumed at a later sentence is not compared).
    const reference = final && from === 0 ? await challenge.referenceAudio?.().catch(() => null) : null;
    const likeness = reference
      ? await likenessToReference(challenge.sentences, from, audio, reference, signal).catch(() => null)
      : null;
    const sentences = notAssessedSentences(challenge.sentences, challenge.language, from, likeness?.notes);
    return {
      sentences,
      complete: sentences.map(() => final),
      engine: null,
      reason: found.reason,
      measured: likeness?.measured ?? null,
    };
  }
  const expected: ExpectedWord[] = [];
  let textIndex = challenge.sentences.slice(0, from).reduce((n, s) => n + s.words.length, 0);
  for (const [i, sentence] of challenge.sentences.entries()) {
    if (i < from) continue;
    for (const text of sentence.words) expected.push({ sentenceIndex: i, textIndex: textIndex++, text });
  }
  const heard = await found.engine.listen(
    { language: challenge.language, expected: expected.map((w) => w.text), audio },
    signal,
  );
  const words = labelWords(
    expected,
    heard.words.map((w) => ({
      word: w.word,
      startMs: offsetMs + w.start * 1000,
      endMs: offsetMs + w.end * 1000,
      confidence: w.confidence,
    })),
  );
  if (final) await markPhoneticChanges(challenge, audio, words, signal);
  // While reading, a sentence is complete once the reader is clearly into the next one: two of its
  // words heard (one, if it has one), away from the end of the audio so far (a decode of audio cut
  // mid-word can jump to any later word of the text), and every sentence before it is complete.
  const audioMs = offsetMs + (audio.samples.length / audio.sampleRate) * 1000;
  const heardIn = new Map<number, number>();
  for (const w of words)
    if (w.recognized !== null && w.expected !== "" && w.endTiming <= audioMs - EDGE_MS)
      heardIn.set(w.sentenceIndex, (heardIn.get(w.sentenceIndex) ?? 0) + 1);
  const begun = (i: number) =>
    i < challenge.sentences.length && (heardIn.get(i) ?? 0) >= Math.min(2, challenge.sentences[i]!.words.length);
  const sentences: FeedbackSentence[] = [];
  const complete: boolean[] = [];
  for (let i = from; i < challenge.sentences.length; i++) {
    const own = words.filter((w) => w.sentenceIndex === i);
    const last = own.filter((w) => w.recognized !== null).at(-1);
    sentences.push({
      sentence: i,
      errors: own.filter((w) => LABELS[w.label].error).length,
      confidence: null,
      currentFrame: Math.round((offsetMs + (audio.samples.length / audio.sampleRate) * 1000) / FRAME_MS),
      eosFrame: last ? Math.round(last.endTiming / FRAME_MS) : null,
      sessionId: "",
      tokenType: "EOS",
      // Each word keeps the engine's confidence (ours): the review screen marks the least sure.
      words: own,
    });
    complete.push(final || ((complete.at(-1) ?? true) && begun(i + 1)));
  }
  return { sentences, complete, engine: heard.engine, reason: null, measured: null };
}

/** PC: a correctly read word, aligned again on its own span, with a phone judged bad. */
async function markPhoneticChanges(
  challenge: { language: string },
  audio: Pcm,
  words: LabelledWord[],
  signal: AbortSignal,
) {
  const found = await pronunciationEngineFor(challenge.language);
  if (!found.engine) return;
  for (const word of words) {
    if (word.label !== "CW") continue;
    const start = Math.max(0, Math.floor(((word.startTiming - 60) / 1000) * audio.sampleRate));
    const end = Math.min(audio.samples.length, Math.ceil(((word.endTiming + 60) / 1000) * audio.sampleRate));
    if (end - start < audio.sampleRate * 0.1) continue;
    const span = { samples: audio.samples.subarray(start, end), sampleRate: audio.sampleRate };
    const aligned = await found.engine
      .align({ language: challenge.language, text: normaliseWord(word.expected), audio: span }, signal)
      .catch(() => null);
    const segment = aligned?.words[0];
    if (segment && soundsChanged(segment)) {
      Object.assign(word, { label: "PC", description: LABELS.PC.description, explanation: LABELS.PC.explanation });
    }
  }
}
