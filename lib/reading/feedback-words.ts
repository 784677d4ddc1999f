import type { Db } from "@/lib/db/client";
import { countReading, DEFAULT_READING_STOP, type ReadingStop, type ReadingWord } from "./count-reading";

// A feedback's words as they stand: its stored sentences (as the engine or app sent them, kept
// unchanged) with each word's latest correction applied, and the figures counted from them.

export type CorrectionRow = {
  pk: string;
  feedbackPk: string;
  seq: number;
  sentence: number;
  word: number;
  label: string;
  previousLabel: string;
  byPk: string | null;
  created: Date;
};

type StoredWord = {
  expected?: unknown;
  recognized?: unknown;
  label?: unknown;
  startTiming?: unknown;
  endTiming?: unknown;
};
type StoredSentence = { words?: unknown };

const key = (sentence: number, word: number) => `${sentence}:${word}`;

/** Each word's latest correction, by "sentence:word" (rows in `seq` order). */
export const wordKey = key;

export function latestCorrections(rows: CorrectionRow[]): Map<string, CorrectionRow> {
  const latest = new Map<string, CorrectionRow>();
  for (const row of rows) latest.set(key(row.sentence, row.word), row);
  return latest;
}

/** The stored words of sentence `s`, or [] (sentences were validated when stored; read defensively). */
export function storedWords(sentences: unknown[], s: number): StoredWord[] {
  const words = (sentences[s] as StoredSentence | undefined)?.words;
  return Array.isArray(words) ? (words as StoredWord[]) : [];
}

/** The label a word has now: its latest correction's, else the stored one. */
export function labelNow(sentences: unknown[], latest: Map<string, CorrectionRow>, s: number, w: number): string {
  return latest.get(key(s, w))?.label ?? String(storedWords(sentences, s)[w]?.label ?? "");
}

/** Every word in reading order, with its current label. */
export function wordsAsTheyStand(sentences: unknown[], latest: Map<string, CorrectionRow>): ReadingWord[] {
  const out: ReadingWord[] = [];
  for (let s = 0; s < sentences.length; s++) {
    for (const [w, word] of storedWords(sentences, s).entries()) {
      out.push({
        expected: typeof word.expected === "string" ? word.expected : "",
        recognized: typeof word.recognized === "string" ? word.recognized : null,
        label: latest.get(key(s, w))?.label ?? String(word.label ?? ""),
        startTiming: Number(word.startTiming) || 0,
        endTiming: Number(word.endTiming) || 0,
      });
    }
  }
  return out;
}

export function readingOf(
  sentences: unknown[],
  latest: Map<string, CorrectionRow>,
  stop: ReadingStop = DEFAULT_READING_STOP,
) {
  return countReading(wordsAsTheyStand(sentences, latest), stop);
}

/** The corrections of some feedback rows, oldest first, grouped by feedback, with the correctors' names. */
export async function correctionsOf(db: Db, feedbackPks: string[]) {
  const rows = feedbackPks.length
    ? await db.feedbackCorrection.findMany({
        where: { feedbackPk: { in: feedbackPks } },
        orderBy: [{ feedbackPk: "asc" }, { seq: "asc" }],
      })
    : [];
  const byFeedback = new Map<string, CorrectionRow[]>();
  for (const row of rows) byFeedback.set(row.feedbackPk, [...(byFeedback.get(row.feedbackPk) ?? []), row]);
  const people = await peopleOf(db, rows);
  return { byFeedback, people };
}

export type Person = { id: string; name: string };

/** The users behind corrections, by pk (one lookup). */
export async function peopleOf(db: Db, rows: { byPk: string | null }[]): Promise<Map<string, Person>> {
  const pks = [...new Set(rows.map((r) => r.byPk).filter((pk): pk is string => pk !== null))];
  if (!pks.length) return new Map();
  const users = await db.user.findMany({
    where: { pk: { in: pks } },
    select: { pk: true, id: true, firstName: true, infix: true, lastName: true },
  });
  return new Map(
    users.map((u) => [u.pk, { id: u.id, name: [u.firstName, u.infix, u.lastName].filter(Boolean).join(" ") }]),
  );
}
