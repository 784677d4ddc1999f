// Judging a pronunciation answer. No engine here scores phonemes yet (the issue "Judging
// pronunciation and reading aloud"), so every answer is stored with its audio and says so in
// words, with no score: never a number that nothing measured.

export type PronunciationVerdict = { console: string; score: null; words: null; pruningLevel: null };

/** What can be said of a pronunciation answer today: that nothing judged it, and why. */
export async function judgePronunciation(
  challenge: { language: string },
  _file: string,
  _signal: AbortSignal,
): Promise<PronunciationVerdict> {
  return {
    console: `Not assessed: no pronunciation engine on this server scores phonemes (language ${challenge.language}); the audio is stored for a teacher to judge.`,
    score: null,
    words: null,
    pruningLevel: null,
  };
}
