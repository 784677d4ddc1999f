import type { SqlParams } from "@/lib/db/sql";
import type { Where } from "./reach";

// The policies' row filters (the Prisma `where` fragments of reach.ts and table.ts) rendered as
// SQL for the driver-level reads of lib/db/raw-rows.ts, so a hot read that skips Prisma still
// asks the same policy for the same filter: nothing here decides who sees what, it only spells
// the fragment it is given. Only the shapes the fragments use are understood (equality, null,
// `in`, AND, OR, {} for every row); anything else throws, so a new kind of fragment cannot be
// silently read as "every row".

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A quoted column, optionally qualified by a table alias. */
export function column(name: string, alias?: string): string {
  if (!IDENTIFIER.test(name) || (alias !== undefined && !IDENTIFIER.test(alias)))
    throw new Error(`whereSql: not a plain identifier: ${alias ?? ""}.${name}`);
  return alias ? `${alias}."${name}"` : `"${name}"`;
}

type Scalar = string | number | boolean;
const isScalar = (v: unknown): v is Scalar => typeof v === "string" || typeof v === "number" || typeof v === "boolean";

/** `where` as an SQL condition over the columns of one table (qualified by `alias` when given). */
export function whereSql(where: Where, params: SqlParams, alias?: string): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(where)) {
    if (value === undefined) continue; // Prisma ignores undefined fields
    if (key === "AND" || key === "OR") {
      const list = Array.isArray(value) ? value : [value];
      if (!list.every((w) => typeof w === "object" && w !== null && !Array.isArray(w))) throw unsupported(key, value);
      const rendered = (list as Where[]).map((w) => whereSql(w, params, alias));
      // Prisma: an empty AND matches every row, an empty OR none.
      if (key === "AND") parts.push(rendered.length ? rendered.map((r) => `(${r})`).join(" AND ") : "1=1");
      else parts.push(rendered.length ? `(${rendered.map((r) => `(${r})`).join(" OR ")})` : "1=0");
      continue;
    }
    const col = column(key, alias);
    if (value === null) parts.push(`${col} IS NULL`);
    else if (isScalar(value)) parts.push(`${col} = ${params.add(value)}`);
    else if (
      typeof value === "object" &&
      !Array.isArray(value) &&
      Object.keys(value).length === 1 &&
      "equals" in value &&
      isScalar(value.equals)
    )
      parts.push(`${col} = ${params.add(value.equals)}`);
    else if (
      typeof value === "object" &&
      !Array.isArray(value) &&
      Object.keys(value).length === 1 &&
      "in" in value &&
      Array.isArray(value.in) &&
      value.in.every(isScalar)
    ) {
      parts.push(value.in.length ? `${col} IN (${value.in.map((v) => params.add(v)).join(", ")})` : "1=0");
    } else throw unsupported(key, value);
  }
  return parts.length ? parts.join(" AND ") : "1=1";
}

function unsupported(key: string, value: unknown): Error {
  return new Error(`whereSql: unsupported filter on ${key}: ${JSON.stringify(value)}`);
}
