import { config } from "@/lib/config";
import type { Tx } from "./client";

// Row locks for the rest of a transaction (PostgreSQL; SQLite runs one write
// transaction at a time already). "update" (replacing or deleting a parent's files)
// waits for, and holds off, every other lock on the row; "share" (adding a child such as
// an analysis or recognition) only holds off "update", so a delete never misses a child
// committed while it runs.

const LOCKABLE = ["PronunciationChallenge", "ChoiceChallenge", "SpeechChallenge", "ResultSet", "Category"] as const;
export type LockableTable = (typeof LOCKABLE)[number];

export async function lockRow(tx: Tx, table: LockableTable, pk: string, mode: "update" | "share"): Promise<void> {
  if (config().databaseKind !== "postgres") return;
  if (!LOCKABLE.includes(table)) throw new Error(`not lockable: ${table}`);
  await tx.$queryRawUnsafe(
    `SELECT "pk" FROM "${table}" WHERE "pk" = $1 FOR ${mode === "update" ? "UPDATE" : "KEY SHARE"}`,
    pk,
  );
}

/** lockRow's "update" for the integer-keyed Assignment (its annotations' foreign keys take "share" on it). */
export async function lockAssignment(tx: Tx, id: number): Promise<void> {
  if (config().databaseKind !== "postgres") return;
  await tx.$queryRawUnsafe(`SELECT "id" FROM "Assignment" WHERE "id" = $1 FOR UPDATE`, id);
}
