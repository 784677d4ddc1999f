import { passageSentences } from "@/lib/challenges/speech/speech-challenges";
import type { Db } from "@/lib/db/client";
import type { Storage } from "@/lib/storage/storage";
import { parseSrt } from "@/lib/web/annotations/prompt/srt";

// What a read-aloud answer is expected to say: the speech challenge's SRT cues as sentences (the
// typed passage's sentences when its SRT is the one generated from them: the same text, without a
// storage read), or, without either, its topic as one sentence. Words are split on white space,
// punctuation kept off. An uploaded SRT's cues also say where each sentence is in the reference
// recording (a generated SRT's timings are estimates, so its sentences have none).

export type ExpectedSentence = {
  text: string;
  words: string[];
  /** Where the sentence is in the challenge's reference recording (an uploaded SRT's cue), in ms. */
  referenceMs?: { startMs: number; endMs: number };
};

/** The expected sentences of a speech challenge (empty when it has no SRT, passage or topic). */
export async function expectedSentences(
  db: Db,
  storage: Storage,
  challenge: { srtFilePk: string | null; topic: string | null; passage?: string | null; srtGenerated?: boolean },
): Promise<ExpectedSentence[]> {
  let texts: string[] = [];
  const typed = challenge.srtGenerated || !challenge.srtFilePk ? passageSentences(challenge.passage ?? null) : null;
  if (typed?.length) texts = typed;
  else if (challenge.srtFilePk) {
    const row = await db.storedFile.findUnique({ where: { pk: challenge.srtFilePk }, select: { storageKey: true } });
    if (row) {
      const chunks: Buffer[] = [];
      for await (const chunk of await storage.read(row.storageKey)) chunks.push(chunk as Buffer);
      const cues = parseSrt(Buffer.concat(chunks).toString("utf8"));
      if (!challenge.srtGenerated && cues.length)
        return cues.map(({ text, startMs, endMs }) => ({
          text,
          words: wordsOf(text),
          referenceMs: { startMs, endMs },
        }));
      texts = cues.map((c) => c.text);
    }
  }
  if (texts.length === 0 && challenge.topic?.trim()) texts = [challenge.topic.trim()];
  return texts.map((text) => ({ text, words: wordsOf(text) }));
}

/** The words of a text as a reader says them: split on white space, outer punctuation removed. */
export function wordsOf(text: string): string[] {
  return text
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ""))
    .filter(Boolean);
}
