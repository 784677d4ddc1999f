import { config } from "@/lib/config";
import type { Tx } from "@/lib/db/client";

// Assignment and annotation ids are integers the database counts, but clients may choose
// one. PostgreSQL's sequence does not notice a chosen id, so it is moved past it (SQLite's
// AUTOINCREMENT already continues after the largest id).
export async function afterChosenId(tx: Tx, table: "Assignment" | "Annotation"): Promise<void> {
  if (config().databaseKind !== "postgres") return;
  await tx.$queryRawUnsafe(
    `SELECT setval(pg_get_serial_sequence('"${table}"', 'id'), GREATEST((SELECT MAX("id") FROM "${table}"), 1))::text AS "value"`,
  );
}
