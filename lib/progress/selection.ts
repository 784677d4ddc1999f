import { notFound } from "@/lib/api/errors";
import { type Principal, requireOrganisation, requireUser } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { policyRules } from "@/lib/policies/registry";
import type { ProgressQuery } from "./schemas";

// Who and what a progress answer covers (the rules are written in lib/progress/stream-progress.ts):
// the category's subtree, its challenges in walk order, and the users in answer order.

const CHUNK = 500;

export function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

type Tree = { pk: string; id: string; name: string | null; parentPk: string | null; order: number; created: Date };

/** The category (by id) and its descendants' pks in depth-first pre-order; null if the organisation has no such category. */
export async function subtree(db: Db, ns: string, id: string): Promise<{ root: Tree; pks: string[] } | null> {
  const all = await db.category.findMany({
    where: { ns },
    select: { pk: true, id: true, name: true, parentPk: true, order: true, created: true },
  });
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

export type Challenge = { pk: string; id: string; topic: string | null; referenceAudioFilePk: string | null };

/** The subtree's distinct speech challenges in walk order. */
export async function subtreeChallenges(db: Db, categoryPks: string[]): Promise<Challenge[]> {
  const links: { categoryPk: string; challengePk: string; position: number }[] = [];
  for (const part of chunks(categoryPks)) {
    links.push(
      ...(await db.categoryChallenge.findMany({
        where: { categoryPk: { in: part } },
        select: { categoryPk: true, challengePk: true, position: true },
      })),
    );
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
    for (const c of await db.speechChallenge.findMany({
      where: { pk: { in: part } },
      select: { pk: true, id: true, topic: true, referenceAudioFilePk: true },
    })) {
      rows.set(c.pk, c);
    }
  }
  return ordered.flatMap((pk) => (rows.has(pk) ? [rows.get(pk)!] : []));
}

export type UserRow = { pk: string; id: string; firstName: string; infix: string | null; lastName: string };

/** The category's id (and name) and its subtree's challenges in walk order; 404 for a category the organisation does not have. */
export async function categoryChallenges(
  db: Db,
  caller: Principal,
  categoryId: string,
): Promise<{ category: string; categoryName: string | null; challenges: Challenge[] }> {
  requireOrganisation(caller);
  const tree = await subtree(db, caller.ns, categoryId);
  if (!tree) throw notFound("Category");
  return { category: tree.root.id, categoryName: tree.root.name, challenges: await subtreeChallenges(db, tree.pks) };
}

/** Per user pk, the names of its groups (of `groupIds` when given, else all of the organisation's), by name. */
export async function groupNamesOf(
  db: Db,
  ns: string,
  userPks: string[],
  groupIds: string[] | undefined,
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (const part of chunks(userPks)) {
    const rows = await db.groupMember.findMany({
      where: { userPk: { in: part }, group: { ns, ...(groupIds?.length ? { id: { in: groupIds } } : {}) } },
      select: { userPk: true, group: { select: { name: true } } },
    });
    for (const r of rows) out.set(r.userPk, [...(out.get(r.userPk) ?? []), r.group.name]);
  }
  for (const names of out.values()) names.sort((a, b) => a.localeCompare(b));
  return out;
}

export async function progressUsers(db: Db, caller: Principal, query: ProgressQuery): Promise<UserRow[]> {
  const filters: object[] = [];
  const groups = query.group ? [...new Set(query.group)] : [];
  if (groups.length === 0) {
    filters.push({ pk: requireUser(caller).pk });
  } else {
    filters.push(
      { ns: caller.ns, groups: { some: { group: { ns: caller.ns, id: { in: groups } } } } },
      await policyRules.progress.list(db, caller),
    );
  }
  if (query.role?.length) filters.push({ roles: { some: { roleName: { in: [...new Set(query.role)] } } } });
  const users = await db.user.findMany({
    where: { AND: filters },
    select: { pk: true, id: true, firstName: true, infix: true, lastName: true },
  });
  return users.sort((a, b) => cmp(a.lastName, b.lastName) || cmp(a.firstName, b.firstName) || cmp(a.id, b.id));
}
