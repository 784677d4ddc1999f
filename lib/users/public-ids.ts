import type { Db } from "@/lib/db/client";

/** Public user ids for internal keys, in one query (submissions show `userId`). */
export async function publicUserIds(db: Db, userPks: string[]): Promise<Map<string, string>> {
  const pks = [...new Set(userPks)];
  if (pks.length === 0) return new Map();
  const users = await db.user.findMany({ where: { pk: { in: pks } }, select: { pk: true, id: true } });
  return new Map(users.map((u) => [u.pk, u.id]));
}
