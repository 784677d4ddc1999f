import type { Db } from "@/lib/db/client";
import { rawReader } from "@/lib/db/raw-rows";
import { epochMsSql, SqlParams } from "@/lib/db/sql";
import { fileUrl } from "@/lib/downloads/urls";
import { combinedAudioUrl } from "@/lib/recordings/result-sets";

// The one read of recordings behind every progress answer (the contract's JSON, its CSV form
// and our compact grid), per block of users, in one of two ways:
//
// - Without a date range (the usual answer): ONE statement over the read model ProgressCell
//   (prisma/models.prisma), which the database keeps in the transaction of every recording
//   write (migration 0004): one row per recorded (user, challenge), the cell already picked,
//   its attempts counted and its recordings already the answer's JSON items. Reading it is an
//   index range per user; on 1,000 users x 200 challenges (120,000 cells) that is about a
//   third of the time of the recordings read below.
// - With a date range (the grid's filter), which the read model cannot answer: TWO statements
//   over covering indexes (migration 0003): one row per (user, challenge, result set) within
//   the range, by user and challenge, with the set's newest recording time and its recording
//   count; and the block's result sets (id, duration). The rest is one pass here: per (user,
//   challenge) the most recent set is picked and the sets (answers) are counted as attempts, by
//   the same rule as the read model's triggers (lib/progress/stream-progress.ts states it).
//
// The rows come as arrays straight from the driver (lib/db/raw-rows.ts): with 180,000
// recordings, Prisma's per-row objects cost as much again as the query. Users and challenges
// come back as their index, not their key, and the recordings as finished text.
//
// Users and challenges go in as two JSON array parameters, so the statement's size and its
// bind parameters do not grow with them.

export type Cell = {
  /** Index of the user in the block passed in. */
  u: number;
  /** Index of the challenge in the answer's challenge list. */
  c: number;
  setId: string;
  /** The result set's total audio duration. */
  durationMs: number;
  /** When the chosen set's newest recording was made, in ms since the epoch. */
  newest: number;
  /** Answers (result sets) by the user holding a recording for the challenge (within the date range, if any). */
  attempts: number;
};

/** Only recordings created at or after `from` and before `to`. */
export type CellRange = { from?: Date; to?: Date };

/** Users per statement: bounds the rows held at once (users × challenges) whatever the group's size. */
export const USERS_PER_BLOCK = 500;

const list = (pg: boolean, param: string) =>
  pg
    ? `SELECT (t.ord - 1)::int AS ord, t.pk FROM jsonb_array_elements_text(${param}::jsonb) WITH ORDINALITY AS t(pk, ord)`
    : `SELECT CAST(key AS INTEGER) AS ord, value AS pk FROM json_each(${param})`;

/** What a block's statements are about. */
type Block = { ns: string; userPks: string[]; challengePks: string[]; range: CellRange };

// The block's users and challenges, with their index in the block / the answer. Users drive the
// loop (CROSS JOIN keeps SQLite from seeking once per user × challenge); the challenges are
// materialised so that each row finds its challenge's index through an automatic index.
const pgOf = (p: SqlParams) => p.dialect === "postgres";
const withLists = (p: SqlParams, b: Block) =>
  `WITH u AS (${list(pgOf(p), p.add(JSON.stringify(b.userPks)))}), c AS MATERIALIZED (${list(pgOf(p), p.add(JSON.stringify(b.challengePks)))})`;

/** The read model's cells of the block (no date range): already picked, in no particular order. */
function readModelStatement(p: SqlParams, b: Block): string {
  return `${withLists(p, b)}
SELECT u.ord, c.ord, p."setId", p."durationMs", ${epochMsSql(p.dialect, "p.newest")} AS newest, p.attempts
FROM u CROSS JOIN "ProgressCell" p JOIN c ON c.pk = p."challengePk"
WHERE p.ns = ${p.add(b.ns)} AND p."userPk" = u.pk`;
}

/** A URL's text around a URL-safe id, each part JSON-escaped: the id goes in between as it is. */
function around(url: (id: string) => string | null): [string, string] {
  const sample = url("ID-HERE")!;
  const at = sample.lastIndexOf("ID-HERE");
  return [sample.slice(0, at), sample.slice(at + "ID-HERE".length)].map((part) =>
    JSON.stringify(part).slice(1, -1),
  ) as [string, string];
}

/**
 * The read model's cells of the block as the contract's recordingSet objects, finished by the
 * database: {"id", "combinedAudioUrl", "recordings": [{"id", "audioUrl"}…]} (ids are URL-safe,
 * lib/api/schemas.ts idSchema). On SQLite as UTF-8 bytes (a BLOB): they go out as they are,
 * never decoded into strings and encoded again.
 */
function recordingSetsStatement(p: SqlParams, b: Block): string {
  const ctes = withLists(p, b);
  const [setsBefore, setsAfter] = around(combinedAudioUrl);
  const [files] = around(fileUrl);
  // U+0001 in the stored items stands for the download base URL (prisma/models.prisma).
  const json = `'{"id":"' || p."setId" || '","combinedAudioUrl":"' || ${p.text(setsBefore)} || p."setId" || ${p.text(setsAfter)} || '","recordings":[' || replace(p.recordings, ${pgOf(p) ? "chr(1)" : "char(1)"}, ${p.text(files)}) || ']}'`;
  return `${ctes}
SELECT u.ord, c.ord, ${pgOf(p) ? json : `CAST(${json} AS BLOB)`}
FROM u CROSS JOIN "ProgressCell" p JOIN c ON c.pk = p."challengePk"
WHERE p.ns = ${p.add(b.ns)} AND p."userPk" = u.pk`;
}

/**
 * With a date range, from the recordings: per (user, challenge, result set) of the block,
 * ordered so, the newest recording time within the range and the recording count.
 */
function recordingsStatement(p: SqlParams, b: Block): string {
  const ms = (col: string) => epochMsSql(p.dialect, col);
  const ctes = withLists(p, b);
  const where = [`r.ns = ${p.add(b.ns)}`, `r."userPk" = u.pk`];
  if (b.range.from) where.push(`${ms("r.created")} >= ${p.add(b.range.from.getTime())}`);
  if (b.range.to) where.push(`${ms("r.created")} < ${p.add(b.range.to.getTime())}`);
  return `${ctes}
SELECT u.ord, c.ord, r."resultSetPk", MAX(${ms("r.created")}) AS newest, COUNT(*) AS n
FROM u CROSS JOIN "SpeechRecording" r JOIN c ON c.pk = r."challengePk"
WHERE ${where.join(" AND ")}
GROUP BY u.ord, c.ord, r."resultSetPk"
ORDER BY u.ord, c.ord`;
}

/**
 * The block's result sets (id and duration by internal key). A statement of its own rather
 * than a join: read in index order it is a scan; joined per group it is a random lookup each.
 */
function setsStatement(p: SqlParams, b: Block): string {
  return `${withLists(p, b)}
SELECT rs.pk, rs.id, rs."durationMs" FROM u CROSS JOIN "ResultSet" rs JOIN c ON c.pk = rs."challengePk"
WHERE rs.ns = ${p.add(b.ns)} AND rs."userPk" = u.pk`;
}

/** Runs a statement of the block on the raw reader of `db`. */
function runner(db: Db, block: Block) {
  const reader = rawReader(db);
  return (statement: (p: SqlParams, b: Block) => string) => {
    const params = new SqlParams(reader.kind);
    const sql = statement(params, block);
    return reader.rows(sql, params.values);
  };
}

/** The chosen cells of `userPks` × `challengePks` in the organisation `ns` (in no particular order). */
export async function progressCells(
  db: Db,
  ns: string,
  userPks: string[],
  challengePks: string[],
  range: CellRange,
): Promise<Cell[]> {
  if (userPks.length === 0 || challengePks.length === 0) return [];
  const run = runner(db, { ns, userPks, challengePks, range });
  if (!range.from && !range.to) {
    const rows = (await run(readModelStatement)) as [
      number,
      number,
      string,
      number | string,
      number | string,
      number | string,
    ][];
    return rows.map(([u, c, setId, durationMs, newest, attempts]) => ({
      u,
      c,
      setId,
      durationMs: Number(durationMs),
      newest: Math.round(Number(newest)),
      attempts: Number(attempts),
    }));
  }
  const rows = (await run(recordingsStatement)) as [number, number, string, number | string, number | string][];
  const sets = new Map<string, [string, number]>();
  for (const [pk, id, durationMs] of (await run(setsStatement)) as [string, string, number | string][])
    sets.set(pk, [id, Number(durationMs)]);
  // Rows come by (user, challenge), so each cell's sets are consecutive: per cell, the set whose
  // newest recording is the latest wins (ties: the larger internal key); each set is one attempt.
  const cells: Cell[] = [];
  let cell: Cell | null = null;
  let cellSetPk = "";
  for (const [u, c, setPk, newest] of rows) {
    const set = sets.get(setPk);
    if (!set) continue;
    const time = Math.round(Number(newest));
    if (cell && cell.u === u && cell.c === c) {
      cell.attempts += 1;
      if (time > cell.newest || (time === cell.newest && setPk > cellSetPk)) {
        cell.setId = set[0];
        cell.durationMs = set[1];
        cell.newest = time;
        cellSetPk = setPk;
      }
      continue;
    }
    cell = { u, c, setId: set[0], durationMs: set[1], newest: time, attempts: 1 };
    cellSetPk = setPk;
    cells.push(cell);
  }
  return cells;
}

/** Per recorded cell of the block (in no particular order): [user index, challenge index, the recordingSet object's JSON text or UTF-8 bytes]. */
export async function recordingSetJson(
  db: Db,
  ns: string,
  userPks: string[],
  challengePks: string[],
): Promise<[number, number, string | Uint8Array][]> {
  if (userPks.length === 0 || challengePks.length === 0) return [];
  return (await runner(db, { ns, userPks, challengePks, range: {} })(recordingSetsStatement)) as [
    number,
    number,
    string | Uint8Array,
  ][];
}

/**
 * The pronunciation score of each (user, challenge) of the block: the newest scored analysis by
 * the user of the organisation's pronunciation challenge that has the speech challenge's id.
 * Keyed `${user index}:${challenge index}`. One statement, rows only where analyses exist.
 */
export async function pronunciationScores(
  db: Db,
  ns: string,
  userPks: string[],
  challengeIds: string[],
  range: { from?: Date; to?: Date },
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (userPks.length === 0 || challengeIds.length === 0) return out;
  const reader = rawReader(db);
  const p = new SqlParams(reader.kind);
  const u = list(pgOf(p), p.add(JSON.stringify(userPks)));
  const c = list(pgOf(p), p.add(JSON.stringify(challengeIds)));
  const where = [`a.ns = ${p.add(ns)}`, `pc.ns = ${p.add(ns)}`, "a.score IS NOT NULL"];
  if (range.from) where.push(`${epochMsSql(p.dialect, "a.created")} >= ${p.add(range.from.getTime())}`);
  if (range.to) where.push(`${epochMsSql(p.dialect, "a.created")} < ${p.add(range.to.getTime())}`);
  const sql = `WITH u AS (${u}), c AS (${c})
SELECT u.ord AS u, c.ord AS c, a.score AS score
FROM "PronunciationAnalysis" a JOIN "PronunciationChallenge" pc ON pc.pk = a."challengePk" JOIN u ON u.pk = a."userPk" JOIN c ON c.pk = pc.id
WHERE ${where.join(" AND ")}
ORDER BY a.created, a.pk`;
  // Oldest first: the newest analysis of a cell is written last.
  for (const [user, challenge, score] of (await reader.rows(sql, p.values)) as [number, number, number | string][])
    out.set(`${user}:${challenge}`, Number(score));
  return out;
}
