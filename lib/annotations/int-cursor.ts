import { z } from "zod";
import { decodeSignedCursor, encodeSignedCursor } from "@/lib/api/signed-cursor";
import type { Db } from "@/lib/db/client";
import { sharedSecret } from "@/lib/settings/shared-secrets";

// Cursors for assignment and annotation lists, which are ordered by creation time, then
// id: "after (created, id)", signed. Ordering by id alone would miss rows created later
// with a smaller client-chosen id; new rows always land after a cursor or on later pages.

const cursorSchema = z.object({ c: z.number().int().min(0), id: z.number().int().min(0) });
const key = (db: Db) => sharedSecret(db, "cursors");

export const creationOrder = [{ created: "asc" as const }, { id: "asc" as const }];

/** The Prisma filter for rows after the cursor. */
export async function afterCursor(db: Db, raw: string) {
  const { c, id } = decodeSignedCursor(await key(db), raw, cursorSchema);
  const created = new Date(c);
  // The leading `created >= c` lets the (…, created, id) indexes seek to the cursor instead of
  // scanning from the start (bench/annotations/list-bench.ts: deep pages 10x faster on SQLite).
  return { AND: [{ created: { gte: created } }, { OR: [{ created: { gt: created } }, { created, id: { gt: id } }] }] };
}

/** The cursor after the page, when `rows` (perPage + 1 fetched) holds more. */
export async function nextCursor(
  db: Db,
  rows: { id: number; created: Date }[],
  perPage: number,
): Promise<string | null> {
  if (rows.length <= perPage) return null;
  const last = rows[perPage - 1];
  return encodeSignedCursor(await key(db), { c: last.created.getTime(), id: last.id });
}
