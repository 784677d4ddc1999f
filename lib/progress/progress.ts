import type { Db } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";
import { requireOrganisation, requireUser, type Principal } from "@/lib/auth/principal";
import { seesWholeOrganisation } from "@/lib/policies/submissions";
import { fileUrl } from "@/lib/downloads/urls";
import { combinedAudioUrl } from "@/lib/recordings/result-sets";
import type { ProgressEntry, ProgressQuery } from "./schemas";

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
// challenges (each per ≤ 500 categories / challenges), 1 for the users, and per block of
// ≤ 500 users × ≤ 500 challenges 2 (the recordings and the result sets). So 6 for up to 500
// users and 500 challenges, 8 for 1,000 users × 200 challenges. Lists are cut in blocks of
// 500 to stay far below SQLite's and PostgreSQL's bind-parameter limits.

const CHUNK = 500;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

type Tree = { pk: string; id: string; parentPk: string | null; order: number; created: Date };

/** The category (by id) and its descendants' pks in depth-first pre-order; null if the organisation has no such category. */
async function subtree(db: Db, ns: string, id: string): Promise<{ root: Tree; pks: string[] } | null> {
  const all = await db.category.findMany({ where: { ns }, select: { pk: true, id: true, parentPk: true, order: true, created: true } });
  const root = all.find((c) => c.id === id);
  if (!root) return null;
  const children = new Map<string, Tree[]>();
  for (const c of all) {
    if (!c.parentPk) continue;
    const list = children.get(c.parentPk) ?? [];
    list.push(c);
    children.set(c.parentPk, list);
  }
  for (const list of children.values()) {
    list.sort((a, b) => a.order - b.order || a.created.getTime() - b.created.getTime() || cmp(a.pk, b.pk));
  }
  const pks: string[] = [];
  const seen = new Set<string>();
  const stack = [root.pk];
  while (stack.length) {
    const pk = stack.pop()!;
    if (seen.has(pk)) continue; // never loops, even on a corrupt tree
    seen.add(pk);
    pks.push(pk);
    const kids = children.get(pk) ?? [];
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!.pk);
  }
  return { root, pks };
}

type Challenge = { pk: string; id: string; referenceAudioFilePk: string | null };

/** The subtree's distinct speech challenges in walk order. */
async function subtreeChallenges(db: Db, categoryPks: string[]): Promise<Challenge[]> {
  const links: { categoryPk: string; challengePk: string; position: number }[] = [];
  for (const part of chunks(categoryPks)) {
    links.push(...(await db.categoryChallenge.findMany({ where: { categoryPk: { in: part } }, select: { categoryPk: true, challengePk: true, position: true } })));
  }
  const byCategory = new Map<string, typeof links>();
  for (const l of links) {
    const list = byCategory.get(l.categoryPk) ?? [];
    list.push(l);
    byCategory.set(l.categoryPk, list);
  }
  const ordered: string[] = [];
  const seen = new Set<string>();
  for (const pk of categoryPks) {
    for (const l of (byCategory.get(pk) ?? []).sort((a, b) => a.position - b.position)) {
      if (seen.has(l.challengePk)) continue;
      seen.add(l.challengePk);
      ordered.push(l.challengePk);
    }
  }
  const rows = new Map<string, Challenge>();
  for (const part of chunks(ordered)) {
    for (const c of await db.speechChallenge.findMany({ where: { pk: { in: part } }, select: { pk: true, id: true, referenceAudioFilePk: true } })) {
      rows.set(c.pk, c);
    }
  }
  return ordered.flatMap((pk) => (rows.has(pk) ? [rows.get(pk)!] : []));
}

type UserRow = { pk: string; id: string; firstName: string; infix: string | null; lastName: string };

async function progressUsers(db: Db, caller: Principal, query: ProgressQuery): Promise<UserRow[]> {
  const filters: object[] = [];
  const groups = query.group ? [...new Set(query.group)] : [];
  if (groups.length === 0) {
    filters.push({ pk: requireUser(caller).pk });
  } else {
    filters.push({ ns: caller.ns, groups: { some: { group: { ns: caller.ns, id: { in: groups } } } } });
    if (!(await seesWholeOrganisation(db, caller))) filters.push({ pk: requireUser(caller).pk });
  }
  if (query.role?.length) filters.push({ roles: { some: { roleName: { in: [...new Set(query.role)] } } } });
  const users = await db.user.findMany({
    where: { AND: filters },
    select: { pk: true, id: true, firstName: true, infix: true, lastName: true },
  });
  return users.sort((a, b) => cmp(a.lastName, b.lastName) || cmp(a.firstName, b.firstName) || cmp(a.id, b.id));
}

type Rec = { id: string; userPk: string; challengePk: string; resultSetPk: string; position: number; audioFilePk: string; created: Date };
type SetAgg = { pk: string; newest: number; recordings: Rec[] };

export async function categoryProgress(db: Db, caller: Principal, categoryId: string, query: ProgressQuery): Promise<ProgressEntry[]> {
  requireOrganisation(caller);
  const tree = await subtree(db, caller.ns, categoryId);
  if (!tree) throw notFound("Category");
  const challenges = await subtreeChallenges(db, tree.pks);
  const users = await progressUsers(db, caller, query);
  if (users.length === 0) return [];

  // (user, challenge) → result set pk → its recordings; and result set pk → public id.
  const sets = new Map<string, Map<string, SetAgg>>();
  const setIds = new Map<string, string>();
  const challengePks = challenges.map((c) => c.pk);
  if (challengePks.length) {
    for (const userPart of chunks(users.map((u) => u.pk))) {
      for (const challengePart of chunks(challengePks)) {
        const where = { ns: caller.ns, userPk: { in: userPart }, challengePk: { in: challengePart } };
        const recordings = await db.speechRecording.findMany({
          where,
          select: { id: true, userPk: true, challengePk: true, resultSetPk: true, position: true, audioFilePk: true, created: true },
        });
        for (const r of recordings) {
          const key = `${r.userPk}\u0000${r.challengePk}`;
          let perSet = sets.get(key);
          if (!perSet) sets.set(key, (perSet = new Map()));
          let agg = perSet.get(r.resultSetPk);
          if (!agg) perSet.set(r.resultSetPk, (agg = { pk: r.resultSetPk, newest: 0, recordings: [] }));
          agg.recordings.push(r);
          agg.newest = Math.max(agg.newest, r.created.getTime());
        }
        // A result set belongs to one user and one challenge (lib/recordings/result-sets.ts).
        const resultSets = await db.resultSet.findMany({ where, select: { pk: true, id: true } });
        for (const s of resultSets) setIds.set(s.pk, s.id);
      }
    }
  }

  // The chosen sets whose id the block queries did not give (a set without challengePk): one more query.
  const chosen = new Map<string, SetAgg>();
  for (const [key, perSet] of sets) {
    let best: SetAgg | null = null;
    for (const s of perSet.values()) {
      if (!best || s.newest > best.newest || (s.newest === best.newest && s.pk > best.pk)) best = s;
    }
    chosen.set(key, best!);
  }
  const missing = [...new Set([...chosen.values()].map((s) => s.pk).filter((pk) => !setIds.has(pk)))];
  for (const part of chunks(missing)) {
    for (const s of await db.resultSet.findMany({ where: { pk: { in: part } }, select: { pk: true, id: true } })) setIds.set(s.pk, s.id);
  }

  const total = challenges.length;
  return users.map((user) => {
    let done = 0;
    const entries = challenges.map((c) => {
      const set = chosen.get(`${user.pk}\u0000${c.pk}`);
      if (set) done++;
      const setId = set ? setIds.get(set.pk) : undefined;
      return {
        id: c.id,
        referenceAudioUrl: fileUrl(c.referenceAudioFilePk),
        recordingSet:
          set && setId !== undefined
            ? {
                id: setId,
                combinedAudioUrl: combinedAudioUrl(setId),
                recordings: [...set.recordings].sort((a, b) => a.position - b.position).map((r) => ({ id: r.id, audioUrl: fileUrl(r.audioFilePk) })),
              }
            : null,
      };
    });
    return {
      category: tree.root.id,
      percentage: total === 0 ? 0 : Math.round((done * 10000) / total) / 100,
      user: { id: user.id, firstName: user.firstName, infix: user.infix, lastName: user.lastName },
      challenges: entries,
    };
  });
}
