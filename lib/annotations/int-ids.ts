import { config } from "@/lib/config";
import type { Tx } from "@/lib/db/client";

// Assignment and annotation ids are integers the database counts, but clients may choose
// one. PostgreSQL's sequence does not notice a chosen id, so it is moved past it (SQLite's
// AUTOINCREMENT already continues after the largest id). Never backwards: values above the
// largest committed id may already be handed out to inserts still in flight.
export async function afterChosenId(tx: Tx, table: "Assignment" | "Annotation"): Promise<void> {
  if (config().databaseKind !== "postgres") return;
  const sequence = `pg_get_serial_sequence('"${table}"', 'id')`;
  await tx.$queryRawUnsafe(
    `SELECT setval(${sequence}, GREATEST((SELECT MAX("id") FROM "${table}"), pg_sequence_last_value(${sequence}::regclass), 1))::text AS "value"`,
  );
}
