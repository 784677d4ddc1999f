import { z } from "zod";
import { pageQuery } from "@/lib/api/page-query";
import { idSchema, timestamps } from "@/lib/api/schemas";
import { currentCorrectionSchema, readingSchema } from "@/lib/reading/schemas";
import { resultSetRefSchema } from "@/lib/recordings/schemas";

export const FEEDBACK_RESOURCE = "Feedback";

// Feedback results (service-interface.md "Feedback result"): a user's audio for a speech
// challenge with per-sentence feedback from the recognition back-end, in a result set.

const int = z.number().int();

/** Bounds of the lists: sentences of one recording (parts or JSON), words of one sentence. */
const MAX_SENTENCES = 10_000;
const MAX_WORDS = 1000;

/** A word in a sentence: label is a code such as CW (Correct) or PC (Phonetic Change); the set is open. */
export const feedbackWordSchema = z
  .object({
    sentenceIndex: int,
    textIndex: int,
    expected: z.string(),
    /** null: nothing was heard for the expected word (a deletion, DW), as the original server sent it. */
    recognized: z.string().nullable(),
    label: z.string().trim().min(1, "must not be empty").max(50),
    /** Ours, optional: the engine's confidence in the word (0..1); the review screen marks the least sure. */
    confidence: z.number().min(0).max(1).nullable().optional(),
    description: z.string(),
    explanation: z.string(),
    startTiming: int,
    endTiming: int,
  })
  .refine((w) => w.startTiming <= w.endTiming, {
    message: "startTiming must not be after endTiming",
    path: ["endTiming"],
  });

export const feedbackSentenceSchema = z.object({
  sentence: int,
  errors: int,
  /** null (like the frames) when no engine judged the sentence: fields without a value are null. */
  confidence: z.number().nullable(),
  currentFrame: int.nullable(),
  eosFrame: int.nullable(),
  sessionId: z.string(),
  tokenType: z.string(),
  words: z.array(feedbackWordSchema).max(MAX_WORDS),
});
export type FeedbackSentence = z.output<typeof feedbackSentenceSchema>;

/** A multipart part holds JSON text; a JSON body holds the value itself. Malformed JSON is an issue on the field. */
const jsonText = z.unknown().transform((v, ctx) => {
  if (typeof v !== "string") return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    ctx.addIssue({ code: "custom", message: "must be valid JSON" });
    return z.NEVER;
  }
});

/**
 * `sentences`: one JSON part per sentence, repeated, in order. A part (or JSON body value)
 * holding a list of sentences is accepted too and flattened in place.
 */
const sentencesSchema = z
  .preprocess(
    (v) => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]),
    z.array(jsonText).max(MAX_SENTENCES),
  )
  .transform((parts) => parts.flatMap((p) => (Array.isArray(p) ? p : [p])))
  .pipe(z.array(feedbackSentenceSchema).max(MAX_SENTENCES));

/** `extra`: any JSON value, stored as its JSON text (null when absent). */
const extraSchema = jsonText.transform((v) => (v === undefined ? null : v));

/** POST /feedback (multipart: id?, audio, challengeId, resultSetId, sentences*, extra?); `audio` is a file part. */
export const createFeedbackSchema = z.object({
  id: idSchema.optional(),
  challengeId: idSchema,
  resultSetId: idSchema,
  sentences: sentencesSchema,
  extra: extraSchema.optional(),
});
export type CreateFeedback = z.infer<typeof createFeedbackSchema>;

export const listFeedbackQuery = z.object(pageQuery);

export const feedbackSchema = z.object({
  id: z.string(),
  audioUrl: z.string().nullable(),
  challengeId: z.string().nullable(),
  sentences: z.array(z.unknown()),
  extra: z.unknown(),
  resultSet: resultSetRefSchema,
  userId: z.string().nullable(),
  ...timestamps,
  /** Ours: the reading figures, counted from the words as they stand after corrections. */
  reading: readingSchema,
  /** Ours: each corrected word's latest correction (the stored `sentences` keep the engine's labels). */
  corrections: z.array(currentCorrectionSchema),
});
export type FeedbackOut = z.output<typeof feedbackSchema>;
