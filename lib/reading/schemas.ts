import { z } from "zod";
import { pageQuery } from "@/lib/api/page-query";
import { LABELS, type Label } from "@/lib/recognition/reading/labels";
import { READING_STOPS } from "./count-reading";

// Ours (the contract has no reading assessment): the reading figures on every feedback answer,
// and teachers' corrections of a word's label with their history.

export const CORRECTION_RESOURCE = "FeedbackCorrection";

export const LABEL_CODES = Object.keys(LABELS) as [Label, ...Label[]];

const count = z.number().int();

/** Ours: `reading` on a feedback answer (recognition.md "Reading figures"), from the words as they stand after corrections. */
export const readingSchema = z.object({
  wcpm: z.number().nullable(),
  accuracy: z.number().nullable(),
  readingSeconds: z.number().nullable(),
  expectedWords: count,
  errors: count,
  correctWords: count,
  labels: z.record(z.enum(LABEL_CODES), count),
  notAssessed: count,
  stop: z.enum(READING_STOPS),
});
export type ReadingOut = z.output<typeof readingSchema>;

/** Ours: the current correction of one word (its latest), on a feedback answer. */
export const currentCorrectionSchema = z.object({
  sentence: count,
  word: count,
  label: z.string(),
  /** The label the engine (or app) stored: its original stays readable. */
  engineLabel: z.string(),
  by: z.string().nullable(),
  byName: z.string().nullable(),
  created: z.date().transform((d) => d.toISOString()),
});

/** Ours: one correction in a feedback's history (GET /feedback/:id/corrections, oldest first). */
export const correctionSchema = currentCorrectionSchema.omit({ engineLabel: true }).extend({
  id: z.string(),
  previousLabel: z.string(),
});
export type CorrectionOut = z.output<typeof correctionSchema>;

/** POST /feedback/:id/corrections: the word by its place (sentence index in the list, word index in it), and its new label. */
export const createCorrectionSchema = z.object({
  sentence: count.min(0).max(10_000),
  word: count.min(0).max(1000),
  label: z.enum(LABEL_CODES),
});
export type CreateCorrection = z.infer<typeof createCorrectionSchema>;

export const listCorrectionsQuery = z.object(pageQuery);

const named = z.object({ id: z.string(), name: z.string() });

/** Ours: GET /feedback/:id/review, what the review screen shows (built in lib/reading/get-review.ts). */
export const reviewSchema = (feedback: z.ZodType) =>
  z.object({
    feedback,
    student: named.nullable(),
    /** The challenge's topic as its name (null without one). */
    challenge: z.object({ id: z.string(), name: z.string().nullable(), language: z.string() }).nullable(),
    /** The engine that labelled the words (from the recognition server); null when an app sent the feedback. */
    engine: z.string().nullable(),
    /** Why no engine judged the words, as the recognition server stored it; null when one did, or an app sent them. */
    notAssessed: z.string().nullable(),
    /** What was measured instead where none judged (e.g. likeness to the reference recording); null when nothing was. */
    measured: z.string().nullable(),
    mayCorrect: z.boolean(),
    /** The speech recording made of this attempt to annotate (POST /feedback/:id/recording); null before, and for those who may not correct. */
    annotationRecording: z.object({ id: z.string(), challengeId: z.string() }).nullable(),
  });
