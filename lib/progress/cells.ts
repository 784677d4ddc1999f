import type { Db } from "@/lib/db/client";
import { config } from "@/lib/config";
import { fileUrl } from "@/lib/downloads/urls";

// The one read of recordings behind every progress answer (the contract's JSON, its CSV form
// and our compact grid): per block of users, ONE SQL statement that returns only the chosen
// cells, i.e. per (user, challenge) with at least one recording, the most recent result set
// (lib/progress/progress.ts) with what the answers need of it. The database groups, picks and
// (for the contract answer) builds each set's recordings list as JSON text, so no ORM object
// is made per recording: a block is one array of plain rows.
//
// Users and challenges go in as two JSON array parameters (their position is their index in
// the answer), so the statement's size and its bind parameters do not grow with them.

export type Cell = {
  /** Index of the user in the block passed in. */
  u: number;
  /** Index of the challenge in the answer's challenge list. */
  c: number;
  setId: string;
  /** The result set's total audio duration. */
  durationMs: number;
  /** When the chosen set's newest recording was made (a Date on PostgreSQL, ISO 8601 text on SQLite: see epochMs). */
  newest: string | Date;
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

function statement(kind: "sqlite" | "postgres", options: CellOptions): { sql: string; order: ("users" | "challenges" | "ns" | "base" | "from" | "to")[] } {
  const pg = kind === "postgres";
  const order: ("users" | "challenges" | "ns" | "base" | "from" | "to")[] = [];
  const p = (name: (typeof order)[number]) => {
    order.push(name);
    return pg ? `$${order.length}` : "?";
  };
  const u = list(pg, p("users"));
  const c = list(pg, p("challenges"));
  const recs = options.recordings
    ? pg
      ? `, json_agg(json_build_object('id', r.id, 'audioUrl', ${p("base")}::text || r."audioFilePk") ORDER BY r.position)::text AS recs`
      : `, json_group_array(json_object('id', r.id, 'audioUrl', ${p("base")} || r."audioFilePk") ORDER BY r.position) AS recs`
    : ", NULL AS recs";
  const where = [`r.ns = ${p("ns")}`, `r."userPk" IN (SELECT pk FROM u)`, `r."challengePk" IN (SELECT pk FROM c)`];
  if (options.from) where.push(`r.created >= ${p("from")}`);
  if (options.to) where.push(`r.created < ${p("to")}`);
  // Ties on the newest recording: the larger internal key, compared by code point on both databases.
  const setKey = pg ? `"setPk" COLLATE "C"` : `"setPk"`;
  const sql = `WITH u AS (${u}), c AS (${c}),
s AS (
  SELECT r."userPk" AS "userPk", r."challengePk" AS "challengePk", r."resultSetPk" AS "setPk", MAX(r.created) AS newest, COUNT(*) AS n${recs}
  FROM "SpeechRecording" r
  WHERE ${where.join(" AND ")}
  GROUP BY r."userPk", r."challengePk", r."resultSetPk"
),
b AS (
  SELECT s.*, ROW_NUMBER() OVER (PARTITION BY "userPk", "challengePk" ORDER BY newest DESC, ${setKey} DESC) AS rn,
         SUM(n) OVER (PARTITION BY "userPk", "challengePk") AS attempts
  FROM s
)
SELECT u.ord AS u, c.ord AS c, rs.id AS "setId", rs."durationMs" AS "durationMs", b.newest AS newest, ${pg ? "b.attempts::int" : "b.attempts"} AS attempts, b.recs AS recs
FROM b JOIN u ON u.pk = b."userPk" JOIN c ON c.pk = b."challengePk" JOIN "ResultSet" rs ON rs.pk = b."setPk"
WHERE b.rn = 1
ORDER BY u.ord, c.ord`;
  return { sql, order };
}

/** The client's database (Prisma's own record of it; the configuration's when a client does not say). */
function dialect(db: Db): "sqlite" | "postgres" {
  const provider = (db as unknown as { _activeProvider?: string })._activeProvider;
  return provider ? (provider === "postgresql" ? "postgres" : "sqlite") : config().databaseKind;
}

type Row = { u: number | bigint; c: number | bigint; setId: string; durationMs: number | bigint; newest: string | Date; attempts: number | bigint | string; recs: string | null };

/** The chosen cells of `userPks` × `challengePks` in the organisation `ns`, ordered by user, then challenge. */
export async function progressCells(db: Db, ns: string, userPks: string[], challengePks: string[], options: CellOptions): Promise<Cell[]> {
  if (userPks.length === 0 || challengePks.length === 0) return [];
  const { sql, order } = statement(dialect(db), options);
  const values = {
    users: JSON.stringify(userPks),
    challenges: JSON.stringify(challengePks),
    ns,
    base: fileUrl("x")!.slice(0, -1),
    from: options.from,
    to: options.to,
  };
  const rows = await db.$queryRawUnsafe<Row[]>(sql, ...order.map((k) => values[k]));
  return rows.map((r) => ({
    u: Number(r.u),
    c: Number(r.c),
    setId: r.setId,
    durationMs: Number(r.durationMs),
    newest: r.newest,
    attempts: Number(r.attempts),
    recs: r.recs,
  }));
}

/** A cell's time in ms since the epoch (only the grid and the CSV need it: not converted per row for the contract answer). */
export const epochMs = (t: string | Date) => (t instanceof Date ? t.getTime() : Date.parse(t));

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
