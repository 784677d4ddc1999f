import { z } from "zod";
import { pageQuery } from "@/lib/api/page-query";
import { idSchema, intFromForm, languageSchema, listOf, MAX_IDS, requiredText, timestamps } from "@/lib/api/schemas";
import { alignmentSchema, analysisWordsSchema, jsonPart } from "./alignment";

export const CHALLENGE_RESOURCE = "PronunciationChallenge";
export const ANALYSIS_RESOURCE = "PronunciationAnalysis";

export const CHALLENGE_STATUSES = ["unprepared", "preparing", "prepared"] as const;

/** Numbers that may arrive as form strings (decimals allowed; finite only). */
const numberFromForm = z.preprocess(
  (v) => (typeof v === "string" && v.trim() !== "" && !Number.isNaN(Number(v)) ? Number(v) : v),
  z.number(),
);

// ---- pronunciation challenges ----

/** POST /challenges/pronunciation (multipart): the text fields; referenceAudio is a file part. */
export const createChallengeSchema = z.object({
  id: idSchema.optional(),
  transcription: requiredText(5000),
  language: languageSchema,
});
export type CreateChallenge = z.infer<typeof createChallengeSchema>;

/** PUT /challenges/pronunciation/:challenge: all optional; alignment null clears it. */
export const updateChallengeSchema = z.object({
  transcription: requiredText(5000).optional(),
  language: languageSchema.optional(),
  status: z.enum(CHALLENGE_STATUSES).optional(),
  alignment: jsonPart(alignmentSchema.nullable()).optional(),
});
export type UpdateChallenge = z.infer<typeof updateChallengeSchema>;

export const listChallengesQuery = z.object(pageQuery);

export const challengeSchema = z.object({
  id: z.string(),
  transcription: z.string(),
  referenceAudioUrl: z.string().nullable(),
  language: z.string(),
  status: z.enum(CHALLENGE_STATUSES),
  alignment: alignmentSchema.nullable(),
  ...timestamps,
});
export type PronunciationChallenge = z.output<typeof challengeSchema>;

// ---- pronunciation analyses ----

/** POST .../analyses (multipart): the text fields; audio is a file part. score and words come together. */
export const createAnalysisSchema = z
  .object({
    id: idSchema.optional(),
    console: z.string().nullish(),
    pruningLevel: intFromForm.pipe(z.number().int().min(0, "must not be negative")).nullish(),
    score: numberFromForm
      .pipe(z.number().min(0, "must be between 0 and 1").max(1, "must be between 0 and 1"))
      .nullish(),
    words: jsonPart(analysisWordsSchema.nullable()).optional(),
  })
  .superRefine((input, ctx) => {
    const hasScore = input.score !== undefined && input.score !== null;
    const hasWords = input.words !== undefined && input.words !== null;
    if (hasScore && !hasWords)
      ctx.addIssue({ code: "custom", path: ["words"], message: "is required when score is given" });
    if (hasWords && !hasScore)
      ctx.addIssue({ code: "custom", path: ["score"], message: "is required when words is given" });
  });
export type CreateAnalysis = z.infer<typeof createAnalysisSchema>;

export const listAnalysesQuery = z.object({
  /** The user who supplied the audio; repeatable. */
  userId: listOf(z.string().trim().min(1), MAX_IDS).optional(),
  ...pageQuery,
});
export type ListAnalyses = z.infer<typeof listAnalysesQuery>;

export const analysisSchema = z.object({
  id: z.string(),
  audioUrl: z.string().nullable(),
  console: z.string().nullable(),
  pruningLevel: z.number().int().nullable(),
  score: z.number().nullable(),
  words: analysisWordsSchema.nullable(),
  userId: z.string().nullable(),
  ...timestamps,
});
export type PronunciationAnalysis = z.output<typeof analysisSchema>;
