// SQL text for the driver-level reads of lib/db/raw-rows.ts, on both databases: bound values
// with their placeholders, and time columns as numbers.

export type Dialect = "sqlite" | "postgres";

/** Collects bound values and names their placeholders (`?` on SQLite, `$n` on PostgreSQL). */
export class SqlParams {
  readonly values: unknown[] = [];
  constructor(readonly dialect: Dialect) {}

  add(value: unknown): string {
    // SQLite stores booleans as 0/1.
    this.values.push(typeof value === "boolean" && this.dialect === "sqlite" ? Number(value) : value);
    return this.dialect === "postgres" ? `$${this.values.length}` : "?";
  }

  /** A bound value used as text (PostgreSQL cannot infer the type of a parameter in `||`). */
  text(value: string): string {
    const placeholder = this.add(value);
    return this.dialect === "postgres" ? `CAST(${placeholder} AS text)` : placeholder;
  }
}

/** A time column as ms since the epoch on both databases (SQLite holds ISO 8601 text, PostgreSQL a UTC timestamp). */
export function epochMsSql(dialect: Dialect, col: string): string {
  return dialect === "postgres"
    ? `(EXTRACT(EPOCH FROM ${col}) * 1000)::float8`
    : `(unixepoch(${col}, 'subsec') * 1000)`;
}

/** The Date of an epochMsSql column (a float: rounded to the stored millisecond). */
export const epochMsDate = (value: unknown): Date => new Date(Math.round(Number(value)));
