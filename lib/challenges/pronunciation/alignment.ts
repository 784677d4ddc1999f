import { z } from "zod";

// The JSON structures of pronunciation challenges and analyses: a challenge's forced
// alignment (words → chunks → phonemes with timings and confidence) and an analysis'
// assessed words (words → chunks with score and verdict → phonemes with score, verdict
// and timings). Both arrive as JSON parts (text) in multipart/form-encoded requests, or
// as values in JSON bodies; `jsonPart` accepts either and reports where inside it fails.

/** Offsets from the beginning of the audio, in seconds: finite and not negative. */
const offset = z.number().min(0, "must not be negative");
const score01 = z.number().min(0, "must be between 0 and 1").max(1, "must be between 0 and 1");
export const VERDICTS = ["bad", "good", "moderate"] as const;
const verdict = z.enum(VERDICTS);

/** Bounds of the lists (a transcription is at most 5,000 characters; analyses are as long). */
const MAX_WORDS = 10_000;
const MAX_CHUNKS = 100;
const MAX_PHONEMES = 100;

const timed = <T extends { start: number; end: number }>(p: T) => p.start <= p.end;
const startBeforeEnd = { message: "start must not be after end", path: ["end"] };

// ---- alignment (pronunciation challenge) ----

export const alignmentPhonemeSchema = z
  .object({
    start: offset,
    end: offset,
    confidenceScore: z.number(),
    ipa: z.string().min(1, "must not be empty"),
  })
  .refine(timed, startBeforeEnd);

export const alignmentChunkSchema = z.object({
  graphemes: z.string(),
  phonemes: z.array(alignmentPhonemeSchema).max(MAX_PHONEMES),
});

export const alignmentWordSchema = z.object({ chunks: z.array(alignmentChunkSchema).max(MAX_CHUNKS) });

export const alignmentSchema = z.object({
  confidenceScore: z.number(),
  words: z.array(alignmentWordSchema).max(MAX_WORDS),
});
export type Alignment = z.output<typeof alignmentSchema>;

// ---- words (pronunciation analysis) ----

export const analysisPhonemeSchema = z
  .object({
    ipa: z.string().min(1, "must not be empty"),
    score: score01,
    verdict,
    start: offset,
    end: offset,
  })
  .refine(timed, startBeforeEnd);

export const analysisChunkSchema = z.object({
  graphemes: z.string(),
  phonemes: z.array(analysisPhonemeSchema).max(MAX_PHONEMES),
  score: score01,
  verdict,
});

export const analysisWordSchema = z.object({ chunks: z.array(analysisChunkSchema).max(MAX_CHUNKS) });

export const analysisWordsSchema = z.array(analysisWordSchema).max(MAX_WORDS);
export type AnalysisWords = z.output<typeof analysisWordsSchema>;

/**
 * A field holding JSON: a string (a multipart or form part) is parsed first; any other value
 * (a JSON body) is taken as is. Problems are reported at their path inside the field
 * (e.g. `alignment.words.0.chunks.1.phonemes.0.end`), malformed JSON on the field itself.
 */
export function jsonPart<S extends z.ZodType>(schema: S) {
  // A pipe into `schema` (not a transform calling it), so that walks over the request schemas see it.
  return z.preprocess((input, ctx) => {
    if (typeof input !== "string") return input;
    try {
      return JSON.parse(input) as unknown;
    } catch (error) {
      ctx.addIssue({ code: "custom", message: `must be valid JSON (${(error as Error).message})` });
      return z.NEVER;
    }
  }, schema);
}

/** A stored JSON text column back as a value (null stays null). */
export function fromJsonColumn<T>(text: string | null): T | null {
  return text === null ? null : (JSON.parse(text) as T);
}
