import type { Db } from "@/lib/db/client";
import { config } from "@/lib/config";
import { fileUrl } from "@/lib/downloads/urls";
import { rawReader } from "@/lib/db/raw-rows";

// The one read of recordings behind every progress answer (the contract's JSON, its CSV form
// and our compact grid): per block of users, TWO SQL statements, each over a covering index
// (migration 0003): one row per (user, challenge, result set) with the set's newest recording
// time, its recording count and, for the contract answer, its recordings as "position id file"
// triples; and the block's result sets (id, duration). The rest is plain array work here: per
// (user, challenge) the most recent set is picked (lib/progress/progress.ts), the attempts are
// summed, and only the picked set's recordings become JSON text.
//
// The rows come as arrays straight from the driver (lib/db/raw-rows.ts): with 180,000
// recordings, Prisma's per-row objects cost as much again as the query. An earlier form let
// the database pick the sets (window functions), join the result sets and build the JSON; on
// SQLite that took 2.3-2.8 s per 500 users × 200 challenges on a quiet machine.
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
  /** Recordings by the user for the challenge, in every result set (within the date range, if any). */
  attempts: number;
  /** With `recordings`: the chosen set's recordings as a JSON array of {id, audioUrl}, in position order. */
  recs: string | null;
};

export type CellOptions = {
  /** Build each chosen set's recordings list (the contract answer); the grid does without. */
  recordings: boolean;
  /** Only recordings created at or after `from` and before `to`. */
  from?: Date;
  to?: Date;
};

/** Users per statement: bounds the rows held at once (users × challenges) whatever the group's size. */
export const USERS_PER_BLOCK = 500;

const list = (pg: boolean, param: string) =>
  pg ? `SELECT (t.ord - 1)::int AS ord, t.pk FROM jsonb_array_elements_text(${param}::jsonb) WITH ORDINALITY AS t(pk, ord)` : `SELECT CAST(key AS INTEGER) AS ord, value AS pk FROM json_each(${param})`;

type Param = "users" | "challenges" | "ns" | "from" | "to";

/** SQL text with its parameters named in order ($n on PostgreSQL, ? on SQLite). */
function sqlWith(pg: boolean, build: (p: (name: Param) => string) => string): { sql: string; order: Param[] } {
  const order: Param[] = [];
  const sql = build((name) => {
    order.push(name);
    return pg ? `$${order.length}` : "?";
  });
  return { sql, order };
}

/** Per (user, challenge, result set) of the block: newest recording time, recording count and (optionally) the recordings. */
function recordingsStatement(pg: boolean, options: CellOptions) {
  return sqlWith(pg, (p) => {
    // Times as ms since the epoch on both databases (SQLite holds ISO 8601 text, PostgreSQL a UTC timestamp).
    const ms = (col: string) => (pg ? `(EXTRACT(EPOCH FROM ${col}) * 1000)` : `(unixepoch(${col}, 'subsec') * 1000)`);
    const triple = `r.position || ' ' || r.id || ' ' || r."audioFilePk"`;
    const recs = options.recordings ? (pg ? `string_agg(${triple}, ' ')` : `group_concat(${triple}, ' ')`) : "NULL";
    const u = list(pg, p("users"));
    const c = list(pg, p("challenges"));
    const where = [`r.ns = ${p("ns")}`, `r."userPk" IN (SELECT pk FROM u)`, `r."challengePk" IN (SELECT pk FROM c)`];
    if (options.from) where.push(`${ms("r.created")} >= ${p("from")}`);
    if (options.to) where.push(`${ms("r.created")} < ${p("to")}`);
    return `WITH u AS (${u}), c AS (${c})
SELECT r."userPk", r."challengePk", r."resultSetPk", MAX(${ms("r.created")}) AS newest, COUNT(*) AS n, ${recs} AS recs
FROM "SpeechRecording" r
WHERE ${where.join(" AND ")}
GROUP BY r."userPk", r."challengePk", r."resultSetPk"`;
  });
}

/**
 * The block's result sets (id and duration by internal key). A statement of its own rather
 * than a join: read in index order it is a scan; joined per group it is a random lookup each.
 */
function setsStatement(pg: boolean) {
  return sqlWith(pg, (p) => {
    const u = list(pg, p("users"));
    const c = list(pg, p("challenges"));
    return `WITH u AS (${u}), c AS (${c})
SELECT rs.pk, rs.id, rs."durationMs" FROM "ResultSet" rs
WHERE rs.ns = ${p("ns")} AND rs."userPk" IN (SELECT pk FROM u) AND rs."challengePk" IN (SELECT pk FROM c)`;
  });
}

/** "position id file …" triples (ids are URL-safe: lib/api/schemas.ts idSchema) as the answer's JSON list, in position order. */
function recordingsJson(triples: string, base: string): string {
  const parts = triples.split(" ");
  const items: [number, string][] = [];
  for (let i = 0; i + 2 < parts.length; i += 3) items.push([Number(parts[i]), `{"id":"${parts[i + 1]}","audioUrl":"${base}${parts[i + 2]}"}`]);
  if (items.length > 1) items.sort((a, b) => a[0] - b[0]);
  return `[${items.map((x) => x[1]).join(",")}]`;
}

/** The chosen cells of `userPks` × `challengePks` in the organisation `ns`, ordered by user, then challenge. */
export async function progressCells(db: Db, ns: string, userPks: string[], challengePks: string[], options: CellOptions): Promise<Cell[]> {
  if (userPks.length === 0 || challengePks.length === 0) return [];
  const reader = rawReader(db);
  const pg = reader.kind === "postgres";
  const values: Record<Param, unknown> = {
    users: JSON.stringify(userPks),
    challenges: JSON.stringify(challengePks),
    ns,
    from: options.from?.getTime(),
    to: options.to?.getTime(),
  };
  const run = ({ sql, order }: { sql: string; order: Param[] }) => reader.rows(sql, order.map((k) => values[k]));
  const rows = await run(recordingsStatement(pg, options));
  const sets = new Map<string, [string, number]>();
  for (const [pk, id, durationMs] of (await run(setsStatement(pg))) as [string, string, number | string][]) sets.set(pk, [id, Number(durationMs)]);
  const userIndex = new Map(userPks.map((pk, i) => [pk, i]));
  const challengeIndex = new Map(challengePks.map((pk, i) => [pk, i]));
  // Per (user, challenge): the set whose newest recording is the latest (ties: the larger internal key).
  const chosen = new Map<number, { cell: Cell; setPk: string; triples: string | null }>();
  const width = challengePks.length;
  for (const [userPk, challengePk, setPk, newest, n, triples] of rows as [string, string, string, number | string, number | string, string | null][]) {
    const u = userIndex.get(userPk);
    const c = challengeIndex.get(challengePk);
    const set = sets.get(setPk);
    if (u === undefined || c === undefined || !set) continue;
    const [setId, durationMs] = set;
    const key = u * width + c;
    const time = Math.round(Number(newest));
    const count = Number(n);
    const seen = chosen.get(key);
    if (!seen) {
      chosen.set(key, { cell: { u, c, setId, durationMs, newest: time, attempts: count, recs: null }, setPk, triples });
      continue;
    }
    seen.cell.attempts += count;
    if (time > seen.cell.newest || (time === seen.cell.newest && setPk > seen.setPk)) {
      Object.assign(seen.cell, { setId, durationMs, newest: time });
      seen.setPk = setPk;
      seen.triples = triples;
    }
  }
  const base = options.recordings ? fileUrl("x")!.slice(0, -1) : "";
  const keys = [...chosen.keys()].sort((a, b) => a - b);
  return keys.map((key) => {
    const { cell, triples } = chosen.get(key)!;
    if (options.recordings) cell.recs = recordingsJson(triples ?? "", base);
    return cell;
  });
}

/** The database kind of a client (Prisma's own record of it; the configuration's when a client does not say). */
function dialect(db: Db): "sqlite" | "postgres" {
  const provider = (db as unknown as { _activeProvider?: string })._activeProvider;
  return provider ? (provider === "postgresql" ? "postgres" : "sqlite") : config().databaseKind;
}

/**
 * The pronunciation score of each (user, challenge) of the block: the newest scored analysis by
 * the user of the organisation's pronunciation challenge that has the speech challenge's id.
 * Keyed `${user index}:${challenge index}`. One statement, rows only where analyses exist.
 */
export async function pronunciationScores(db: Db, ns: string, userPks: string[], challengeIds: string[], range: { from?: Date; to?: Date }): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (userPks.length === 0 || challengeIds.length === 0) return out;
  const pg = dialect(db) === "postgres";
  const params: unknown[] = [];
  const p = (v: unknown) => (params.push(v), pg ? `$${params.length}` : "?");
  const u = list(pg, p(JSON.stringify(userPks)));
  const c = list(pg, p(JSON.stringify(challengeIds)));
  const where = [`a.ns = ${p(ns)}`, `pc.ns = ${p(ns)}`, "a.score IS NOT NULL"];
  if (range.from) where.push(`a.created >= ${p(range.from)}`);
  if (range.to) where.push(`a.created < ${p(range.to)}`);
  const sql = `WITH u AS (${u}), c AS (${c})
SELECT u.ord AS u, c.ord AS c, a.score AS score
FROM "PronunciationAnalysis" a JOIN "PronunciationChallenge" pc ON pc.pk = a."challengePk" JOIN u ON u.pk = a."userPk" JOIN c ON c.pk = pc.id
WHERE ${where.join(" AND ")}
ORDER BY a.created, a.pk`;
  // Oldest first: the newest analysis of a cell is written last.
  for (const r of await db.$queryRawUnsafe<{ u: number | bigint; c: number | bigint; score: number }[]>(sql, ...params)) out.set(`${Number(r.u)}:${Number(r.c)}`, Number(r.score));
  return out;
}
