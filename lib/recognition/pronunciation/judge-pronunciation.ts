import { decodePcmFile } from "../audio/decode-pcm";
import { pronunciationEngineFor } from "../engines/registry";
import { referenceSimilarity, TEMPLATE_ENGINE } from "../engines/template/template-engine";
import type { Pcm } from "../engines/types";
import { ERRORS, WampError } from "../wamp/messages";
import { analysisOf } from "./score";

// Judging a pronunciation answer: the challenge's transcription force-aligned in the student's
// audio by the language's engine, each phone scored by goodness of pronunciation. Where no
// engine can, the analysis is stored with its audio and says so in `console`, with no score.

export type PronunciationVerdict = {
  console: string;
  score: number | null;
  words: NonNullable<ReturnType<typeof analysisOf>>["words"] | null;
  pruningLevel: number | null;
};

/** Scores an answer, reporting stages through `progress`; `reference` loads the challenge's reference audio. */
export async function judgePronunciation(
  challenge: { language: string; transcription: string },
  file: string,
  signal: AbortSignal,
  progress: (stage: string) => void = () => {},
  reference: () => Promise<Pcm | null> = async () => null,
): Promise<PronunciationVerdict> {
  const found = await pronunciationEngineFor(challenge.language);
  if (!found.engine) {
    // What can still be measured: likeness to the teacher's recording, named as such (no score).
    progress("comparing");
    const [answer, ref] = await Promise.all([decodePcmFile(file).catch(() => null), reference().catch(() => null)]);
    const similarity = ref && answer ? await referenceSimilarity(ref, answer, signal).catch(() => null) : null;
    const measured =
      similarity === null
        ? ""
        : ` Similarity to the reference recording: ${Math.round(similarity * 100)} % (${TEMPLATE_ENGINE}: the whole answer against the teacher's recording; 100 % is as close as that recording to itself, 0 % no closer than it played backwards). It measures likeness to one speaker, not pronunciation.`;
    return {
      console: `Not assessed: ${found.reason}; the audio is stored for a teacher to judge.${measured}`,
      score: null,
      words: null,
      pruningLevel: null,
    };
  }
  const audio = await decodePcmFile(file);
  progress("aligning");
  const alignment = await found.engine
    .align({ language: challenge.language, text: challenge.transcription, audio }, signal)
    .catch((error) => {
      throw new WampError(
        ERRORS.alignmentFailed,
        `The ${found.name} engine could not align the answer: ${(error as Error).message}`,
      );
    });
  progress("scoring");
  const analysis = analysisOf(alignment);
  if (!analysis) {
    return {
      console: `Not assessed: ${alignment.engine} aligned the answer but could not measure every phoneme. ${alignment.console}`,
      score: null,
      words: null,
      pruningLevel: alignment.pruningLevel,
    };
  }
  return {
    console: `${alignment.engine}: ${alignment.console}`,
    score: analysis.score,
    words: analysis.words,
    pruningLevel: alignment.pruningLevel,
  };
}
