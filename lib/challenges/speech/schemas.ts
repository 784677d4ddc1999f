import { z } from "zod";
import { pageQuery } from "@/lib/api/page-query";
import { idSchema, languageSchema, listOf, timestamps } from "@/lib/api/schemas";
import { READING_STOPS } from "@/lib/reading/count-reading";

export const SPEECH_CHALLENGE_RESOURCE = "SpeechChallenge";

/** The file parts of a speech challenge (multipart file parts, or base64 in JSON). */
export const SPEECH_CHALLENGE_FILES = ["referenceAudio", "srt", "image"] as const;

/** Optional text: blank (after trimming) is "no value" (null). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((s) => (s === "" ? null : s));

/**
 * Client-specific data, neither validated nor filtered: a string is kept verbatim (not even
 * trimmed); any other JSON value (a JSON body may carry an object) is kept as its JSON text.
 */
const metadataSchema = z.union([z.string(), z.null()]).or(
  z.unknown().transform((v, ctx) => {
    const text = JSON.stringify(v);
    if (text === undefined) {
      ctx.addIssue({ code: "custom", message: "must be a string" });
      return z.NEVER;
    }
    return text;
  }),
);

/** One sentence as it is stored and cued: white space (line breaks too) collapsed, trimmed. */
export const tidySentence = (text: string) => text.replace(/\s+/g, " ").trim();

/** The most sentences a typed passage may have. */
export const MAX_PASSAGE_SENTENCES = 500;

/**
 * Ours: the passage to read aloud, typed, one string per sentence (multipart: one `sentences` part
 * per sentence). White space inside a sentence is collapsed; blank sentences are dropped. Without an
 * uploaded SRT, srtUrl serves an SRT generated from them (lib/challenges/speech/passage-srt.ts).
 */
const sentencesSchema = listOf(z.string().max(2000).transform(tidySentence), MAX_PASSAGE_SENTENCES).transform((list) =>
  list.filter(Boolean),
);

/**
 * Ours: where reading stops when this challenge's feedback is counted: "lastRead" (the last word
 * of the text read, the default), "endOfText" (every word of the text counts) or "oneMinute".
 */
const readingStopSchema = z.enum(READING_STOPS);

/** POST /challenges/speech (multipart; JSON works too): the text fields; referenceAudio, srt and image are file parts. */
export const createSpeechChallengeSchema = z.object({
  id: idSchema.optional(),
  topic: optionalText(5000).nullish(),
  language: languageSchema,
  metadata: metadataSchema.optional(),
  sentences: sentencesSchema.optional(),
  readingStop: readingStopSchema.optional(),
});
export type CreateSpeechChallenge = z.infer<typeof createSpeechChallengeSchema>;

/** PUT /challenges/speech/:challenge: incremental; topic, metadata and sentences may be cleared with null (sentences also with []). */
export const updateSpeechChallengeSchema = z.object({
  topic: optionalText(5000).nullish(),
  language: languageSchema.optional(),
  metadata: metadataSchema.optional(),
  sentences: sentencesSchema.nullish(),
  readingStop: readingStopSchema.optional(),
  /**
   * Ours: stored files to remove (referenceAudio, srt, image; repeat the field in multipart). Once
   * an uploaded SRT is removed, the SRT follows the passage again: generated from its sentences, or none.
   */
  remove: listOf(z.enum(SPEECH_CHALLENGE_FILES), SPEECH_CHALLENGE_FILES.length).optional(),
});
export type UpdateSpeechChallenge = z.infer<typeof updateSpeechChallengeSchema>;

export const listSpeechChallengesQuery = z.object(pageQuery);

export const speechChallengeSchema = z.object({
  id: z.string(),
  topic: z.string().nullable(),
  language: z.string(),
  referenceAudioUrl: z.string().nullable(),
  srtUrl: z.string().nullable(),
  imageUrl: z.string().nullable(),
  metadata: z.string().nullable(),
  /** Ours: the typed passage, one string per sentence; null when none was typed. */
  sentences: z.array(z.string()).nullable(),
  /** Ours: srtUrl serves the SRT generated from `sentences` (estimated timings), not an uploaded one. */
  srtGenerated: z.boolean(),
  /** Ours: where reading stops when this challenge's feedback is counted. */
  readingStop: readingStopSchema,
  ...timestamps,
});
export type SpeechChallenge = z.output<typeof speechChallengeSchema>;
