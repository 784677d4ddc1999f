import type { FeedbackSentence } from "@/lib/feedback/schemas";
import type { ExpectedSentence } from "./challenge-text";

// Feedback for sentences no engine judged: every word labelled NA ("Not assessed") with the
// reason in words, and no numbers (confidence and frames null, timings 0 to 0 as "unknown" spans
// are not allowed by the contract's integer fields). Both the docs' and the contract's word fields.

/**
 * The sentences from `from` on, each word not assessed; `notes[i]`, what could still be measured of
 * sentence `from + i` (reference-likeness.ts), follows the reason in each of its words.
 */
export function notAssessedSentences(
  sentences: ExpectedSentence[],
  language: string,
  from = 0,
  notes: (string | null)[] = [],
): FeedbackSentence[] {
  let textIndex = sentences.slice(0, from).reduce((n, s) => n + s.words.length, 0);
  return sentences.slice(from).map((sentence, i) => ({
    sentence: from + i,
    errors: 0,
    confidence: null,
    currentFrame: null,
    eosFrame: null,
    sessionId: "",
    tokenType: "NOT_ASSESSED",
    words: sentence.words.map((expected) => ({
      sentenceIndex: from + i,
      textIndex: textIndex++,
      expected,
      recognized: null,
      label: "NA",
      description: "Not assessed",
      explanation: [`No engine on this server judges reading aloud in this language (${language}) yet.`, notes[i]]
        .filter(Boolean)
        .join(" "),
      startTiming: 0,
      endTiming: 0,
    })),
  }));
}
