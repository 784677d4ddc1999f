import { z } from "zod";
import { notFound } from "@/lib/api/errors";
import { decodeSignedCursor, encodeSignedCursor } from "@/lib/api/signed-cursor";
import type { Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { policyRules } from "@/lib/policies/registry";
import { sharedSecret } from "@/lib/settings/shared-secrets";
import { parseStored, sortFragments, toWire } from "./fragments";
import type { ListRevisions, RevisionOut } from "./schemas";

// The history of an annotation: every save (create, update, markers, import, restore) is kept
// as a revision, written in the save's own transaction. Read with the annotation's own policy
// ("annotation": its administrators and annotators); anyone else gets 404 as if it were missing.

type Tx = Pick<Db, "annotationRevision">;
type Saved = { id: number; version: number; fragments: string; doneBase: Date | null; doneFull: Date | null };

/** Records the state just saved; call inside the save's transaction. */
export async function recordRevision(tx: Tx, caller: Principal, row: Saved): Promise<void> {
  await tx.annotationRevision.create({
    data: {
      annotationId: row.id,
      version: row.version,
      savedByPk: caller.user?.pk ?? null,
      fragments: row.fragments,
      doneBase: row.doneBase,
      doneFull: row.doneFull,
    },
  });
}

const cursorSchema = z.object({ v: z.number().int().min(0) });

/** Newest first, `perPage` at a time; the cursor names the last version shown. */
export async function listRevisions(
  db: Db,
  caller: Principal,
  id: number,
  query: ListRevisions,
): Promise<{ items: RevisionOut[]; nextCursor: string | null }> {
  const annotation = await db.annotation.findFirst({
    where: { AND: [{ id }, policyRules.annotation.read(caller, "ANNOTATION_LIST")] },
    select: { id: true },
  });
  if (!annotation) throw notFound("Annotation");
  const key = await sharedSecret(db, "cursors");
  const before = query.startCursor ? decodeSignedCursor(key, query.startCursor, cursorSchema).v : null;
  const where = { annotationId: id, ...(before !== null ? { version: { lt: before } } : {}) };
  const rows = await db.annotationRevision.findMany({ where, orderBy: { version: "desc" }, take: query.perPage + 1 });
  const page = rows.slice(0, query.perPage);
  const pks = [...new Set(page.map((r) => r.savedByPk).filter((pk): pk is string => pk !== null))];
  const users = pks.length
    ? await db.user.findMany({
        where: { pk: { in: pks } },
        select: { pk: true, id: true, firstName: true, infix: true, lastName: true },
      })
    : [];
  const byPk = new Map(users.map((u) => [u.pk, u]));
  const items = page.map((r) => {
    const user = r.savedByPk ? byPk.get(r.savedByPk) : undefined;
    return {
      version: r.version,
      savedBy: user?.id ?? null,
      savedByName: user ? [user.firstName, user.infix, user.lastName].filter(Boolean).join(" ") : null,
      saved: r.saved,
      doneBase: r.doneBase,
      doneFull: r.doneFull,
      fragments: toWire(sortFragments(parseStored(r.fragments))),
    } as unknown as RevisionOut;
  });
  const nextCursor = rows.length > query.perPage ? encodeSignedCursor(key, { v: page[page.length - 1].version }) : null;
  return { items, nextCursor };
}
