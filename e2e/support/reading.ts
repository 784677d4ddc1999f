// Feedback words and sentences shaped as the recognition server stores them (a deletion has
// recognized null and no duration), for the reading-assessment specs.

export const readWord = (
  textIndex: number,
  expected: string,
  recognized: string | null,
  label: string,
  start: number,
  confidence?: number,
) => ({
  sentenceIndex: 0,
  textIndex,
  expected,
  recognized,
  label,
  description: label,
  explanation: "",
  startTiming: start,
  endTiming: recognized === null ? start : start + 400,
  ...(confidence === undefined ? {} : { confidence }),
});

/** Sentence 0 of a feedback, final (EOS), with these words. */
export const readSentence = (words: ReturnType<typeof readWord>[], errors: number) => ({
  sentence: 0,
  errors,
  confidence: null,
  currentFrame: null,
  eosFrame: null,
  sessionId: "",
  tokenType: "EOS",
  words,
});
