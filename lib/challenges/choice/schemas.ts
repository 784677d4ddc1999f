import { z } from "zod";
import { pageQuery } from "@/lib/api/page-query";
import { idSchema, languageSchema, listOf, requiredText, timestamps } from "@/lib/api/schemas";

const choicesSchema = listOf(requiredText(1000), 100).refine((c) => c.length > 0, "at least one choice is required");

export const createChoiceChallengeSchema = z.object({
  id: idSchema.optional(),
  question: z.string().trim().max(2000).optional(),
  choices: choicesSchema,
  language: languageSchema,
});
export type CreateChoiceChallenge = z.infer<typeof createChoiceChallengeSchema>;

export const updateChoiceChallengeSchema = z.object({
  question: z.string().trim().max(2000).nullable().optional(),
  choices: choicesSchema.optional(),
  language: languageSchema.optional(),
  /** Ours, multipart only: the choice (its text) each `audio` part belongs to, in the parts' order. */
  audioChoice: listOf(requiredText(1000), 100).optional(),
});
export type UpdateChoiceChallenge = z.infer<typeof updateChoiceChallengeSchema>;

export const listChoiceChallengesQuery = z.object(pageQuery);

export const challengeStatus = z.enum(["unprepared", "preparing", "prepared"]);
/** Stored as text; responses only ever carry one of the three states. */
const storedStatus = z.string().pipe(challengeStatus);

export const choiceChallengeSchema = z.object({
  id: z.string(),
  question: z.string().nullable(),
  choices: z.array(z.object({ choice: z.string(), audioUrl: z.string().nullable() })),
  status: storedStatus,
  language: z.string(),
  /** Ours: the engine the recognition server judges answers with (set when prepared); null when none can. */
  engine: z.string().nullable().default(null),
  /** Ours: why no engine can judge this challenge, or what an engine before it refused, in words. */
  engineNote: z.string().nullable().default(null),
  ...timestamps,
});
export type ChoiceChallenge = z.output<typeof choiceChallengeSchema>;

/** Admin view of a challenge's preparation: why it failed, and the grammar built for the recogniser. */
export const preparationSchema = z.object({
  status: storedStatus,
  reason: z.string().nullable(),
  grammarUrl: z.string().nullable(),
  attempts: z.number().int(),
});

export const createRecognitionSchema = z.object({
  id: idSchema.optional(),
  recognised: z.string().trim().max(1000).optional(),
});

export const recognitionSchema = z.object({
  id: z.string(),
  audioUrl: z.string(),
  recognised: z.string().nullable(),
  challengeId: z.string(),
  userId: z.string(),
  /** Ours: the engine that judged the answer on the recognition server; null when an app posted its own result. */
  engine: z.string().nullable(),
  /** Ours: the engine's confidence (0..1) in what it recognised, or in recognising nothing. */
  confidence: z.number().nullable(),
  ...timestamps,
});
