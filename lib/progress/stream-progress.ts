import type { Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { fileUrl } from "@/lib/downloads/urls";
import { type Cell, type CellRange, progressCells, recordingSetJson, USERS_PER_BLOCK } from "./read-progress-cells";
import type { ProgressQuery } from "./schemas";
import { type Challenge, categoryChallenges, progressUsers, type UserRow } from "./selection";

// GET /categories/:category/progress: per user, how far they got with a category.
//
// Who: without `group`, the current user (403 for a tenant / organisation token acting as
// itself). With `group` (repeatable), the users who are members of any of those groups of the
// caller's organisation (unknown group ids select nobody, as in GET /users). `role`
// (repeatable) keeps only users holding one of those roles, in both forms. Callers that do
// not see all of the organisation's submissions (the "progress" policy, lib/policies/table.ts:
// students, annotators) only ever see their own progress: with `group` the answer is then their
// own entry when they match the filters, else an empty list (never a 403, never others).
// Entries are ordered by lastName, firstName, id (code-point order, the same on both databases).
//
// What: the category's challenges are those of the category and all its descendants, walked
// depth-first: the category's own speech challenges in their order, then each child category
// (by order, creation, pk) with its subtree. A challenge linked more than once counts once, at
// its first place.
//
// percentage = 100 × (challenges of that list with at least one recording by the user, in any
//   result set) / (number of challenges in the list), rounded to two decimals; 0 when the
//   subtree holds no challenge.
// recordingSet per challenge = the user's most recent result set for that challenge: of the
//   user's result sets holding a recording for it, the one whose newest recording was created
//   last (ties: the larger internal key); its recordings in position order. null when the user
//   has no recording for that challenge.
//
// Queries (set-based; none per user, per challenge or per category): 1 for the organisation's
// category tree (walked in memory), 1 for the subtree's challenge links and 1 for those
// challenges (each per ≤ 500 categories / challenges), 1 for the users, and 1 per block of 500
// users (lib/progress/read-progress-cells.ts: the cells of the read model ProgressCell, which the database
// keeps on every recording write, or with a date range the recordings themselves). So 5 for up
// to 500 users, 6 for 1,000 users × 200 challenges.
//
// The answer is STREAMED (lib/progress/respond.ts): the JSON text is written user by user
// straight from the rows, one block of ≤ 500 users is read when the previous one has been
// sent, so the server holds one block's rows and one entry's text at a time, never the whole
// answer. The text is what progressEntrySchema describes (tested against the OpenAPI document).

/** Who and what an answer covers; its failures (404, 403) come before the first byte is sent. */
export type ProgressPlan = {
  ns: string;
  category: string;
  /** The category's name (null when it has none): the CSV's file name. */
  categoryName: string | null;
  challenges: Challenge[];
  users: UserRow[];
  /** The groups asked for (none: the caller's own progress). */
  groups: string[];
};

export async function planProgress(
  db: Db,
  caller: Principal,
  categoryId: string,
  query: ProgressQuery,
): Promise<ProgressPlan> {
  const { category, categoryName, challenges } = await categoryChallenges(db, caller, categoryId);
  const users = await progressUsers(db, caller, query);
  return { ns: caller.ns, category, categoryName, challenges, users, groups: [...new Set(query.group ?? [])] };
}

export const percentage = (done: number, total: number) => (total === 0 ? 0 : Math.round((done * 10000) / total) / 100);

/** Per block of users, in answer order: the users and, per user of the block, their chosen cells (by challenge index). */
export async function* progressBlocks(
  db: Db,
  plan: ProgressPlan,
  range: CellRange,
): AsyncGenerator<{ users: UserRow[]; cells: (Cell | undefined)[][] }> {
  for (let i = 0; i < plan.users.length; i += USERS_PER_BLOCK) {
    const users = plan.users.slice(i, i + USERS_PER_BLOCK);
    const rows = await progressCells(
      db,
      plan.ns,
      users.map((u) => u.pk),
      plan.challenges.map((c) => c.pk),
      range,
    );
    const cells: (Cell | undefined)[][] = users.map(() => []);
    for (const r of rows) cells[r.u]![r.c] = r;
    yield { users, cells };
  }
}

const str = JSON.stringify;
const bytes = (piece: string | Uint8Array) => (typeof piece === "string" ? Buffer.from(piece) : piece);

/**
 * The contract answer (a JSON list of progress entries) as UTF-8 bytes, one entry per piece.
 * The recordingSet objects come finished from the database (lib/progress/read-progress-cells.ts); what is
 * the same for every user is encoded once.
 */
export async function* progressJson(db: Db, plan: ProgressPlan): AsyncGenerator<Uint8Array> {
  const total = plan.challenges.length;
  const challengePks = plan.challenges.map((c) => c.pk);
  // Per challenge, what goes before its recordingSet (closing the previous challenge's object).
  const heads = plan.challenges.map((c, j) =>
    Buffer.from(
      `${j ? "}," : ""}{"id":${str(c.id)},"referenceAudioUrl":${str(fileUrl(c.referenceAudioFilePk))},"recordingSet":`,
    ),
  );
  const none = Buffer.from("null");
  const category = str(plan.category);
  yield Buffer.from("[");
  for (let i = 0; i < plan.users.length; i += USERS_PER_BLOCK) {
    const users = plan.users.slice(i, i + USERS_PER_BLOCK);
    const sets: (string | Uint8Array)[][] = users.map(() => new Array(total));
    for (const [u, c, json] of await recordingSetJson(
      db,
      plan.ns,
      users.map((user) => user.pk),
      challengePks,
    ))
      sets[u]![c] = json;
    for (let k = 0; k < users.length; k++) {
      const user = users[k]!;
      const row = sets[k]!;
      let done = 0;
      const pieces: Uint8Array[] = [];
      for (let j = 0; j < total; j++) {
        const json = row[j];
        if (json !== undefined) done++;
        pieces.push(heads[j]!, json === undefined ? none : bytes(json));
      }
      const who = `{"id":${str(user.id)},"firstName":${str(user.firstName)},"infix":${str(user.infix)},"lastName":${str(user.lastName)}}`;
      pieces.unshift(
        Buffer.from(
          `${i + k ? "," : ""}{"category":${category},"percentage":${percentage(done, total)},"user":${who},"challenges":[`,
        ),
      );
      pieces.push(Buffer.from(total ? "}]}" : "]}"));
      yield Buffer.concat(pieces);
    }
  }
  yield Buffer.from("]");
}
