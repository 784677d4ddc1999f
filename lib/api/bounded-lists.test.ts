import path from "node:path";
import { expect, test } from "@playwright/test";
import { z } from "zod";
import { loadRoutes } from "./route-files";
import { listOf } from "./schemas";

// Every list a request schema accepts has a bound (`.max`): an unbounded list reaches the
// database as one parameter per item and fails there (a 500) instead of a 422 on its field.
// The schemas are those the route files' handlers declare to withApi, found by importing every
// app/api/**/route.ts: a new route or schema is covered without being listed here.

/** The largest bound any request list may have (annotation fragments). */
const LARGEST_BOUND = 100_000;

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def;

/** Where `schema` accepts a list (or a record, map or set) without a bound, or with one over LARGEST_BOUND. */
function unboundedLists(schema: z.ZodType, root = "(body)"): string[] {
  const problems: string[] = [];
  const seen = new Set<unknown>();
  const stack: [unknown, string][] = [[schema, root]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [current, at] = next;
    if (seen.has(current)) continue;
    seen.add(current);
    const def = defOf(current);
    const inner = (...schemas: unknown[]) => schemas.forEach((s) => s && stack.push([s, at]));
    switch (def.type) {
      case "array": {
        const checks = (
          (def.checks ?? []) as { _zod: { def: { check: string; maximum?: number; length?: number } } }[]
        ).map((c) => c._zod.def);
        const bound = checks.find((c) => c.check === "max_length" || c.check === "length_equals");
        const max = bound?.maximum ?? bound?.length;
        if (max === undefined) problems.push(`${at}: a list without .max()`);
        else if (max > LARGEST_BOUND) problems.push(`${at}: a list bounded at ${max}, over ${LARGEST_BOUND}`);
        stack.push([def.element, `${at}[]`]);
        break;
      }
      case "object":
        for (const [key, value] of Object.entries(def.shape as Record<string, unknown>))
          stack.push([value, `${at}.${key}`]);
        if (def.catchall && defOf(def.catchall).type !== "never" && defOf(def.catchall).type !== "unknown")
          problems.push(`${at}: an object with any number of keys`);
        break;
      case "tuple":
        inner(...(def.items as unknown[]));
        if (def.rest) problems.push(`${at}: a tuple with a rest`);
        break;
      case "record":
      case "map":
      case "set":
        problems.push(`${at}: a ${def.type} without a bound`);
        break;
      case "pipe":
        inner(def.in, def.out);
        break;
      case "union":
        inner(...(def.options as unknown[]));
        break;
      case "intersection":
        inner(def.left, def.right);
        break;
      case "lazy":
        inner((def.getter as () => unknown)());
        break;
      default:
        // optional, nullable, default, prefault, nonoptional, readonly, catch: their inner type.
        inner(def.innerType);
    }
  }
  return problems;
}

test("the walk finds unbounded lists wherever a schema can hide them", () => {
  expect(unboundedLists(z.object({ ok: z.array(z.string()).max(5), bad: z.array(z.string()) }))).toEqual([
    "(body).bad: a list without .max()",
  ]);
  const nested = z.object({
    a: z.preprocess((v) => v, z.array(z.object({ b: z.array(z.number()).optional() })).max(3)).nullish(),
  });
  expect(unboundedLists(nested)).toEqual(["(body).a[].b: a list without .max()"]);
  expect(unboundedLists(z.object({ r: z.record(z.string(), z.string()) }))).toEqual([
    "(body).r: a record without a bound",
  ]);
  expect(unboundedLists(z.object({ huge: z.array(z.string()).max(LARGEST_BOUND + 1) }))).toHaveLength(1);
  expect(unboundedLists(z.object({ u: z.union([z.string(), z.array(z.string())]) }))).toHaveLength(1);
  expect(unboundedLists(z.object({ ids: listOf(z.string(), 10) }))).toEqual([]);
});

test("every list in every request schema declared by an API route has a bound", async () => {
  test.setTimeout(120_000);
  const routes = await loadRoutes(path.resolve(import.meta.dirname, "../.."));
  const problems: string[] = [];
  const checked = new Set<z.ZodType>();
  for (const route of routes) {
    for (const [method, declaration] of Object.entries(route.methods)) {
      for (const [kind, schema] of [
        ["body", declaration?.body],
        ["query", declaration?.query],
      ] as const) {
        if (!schema) continue;
        checked.add(schema);
        problems.push(...unboundedLists(schema, `${method} ${route.template} ${kind}`));
      }
    }
  }
  // The walk saw the routes: dozens of route files, most of them with schemas.
  expect(routes.length).toBeGreaterThan(50);
  expect(routes.find((r) => r.template === "/api/groups")?.methods.POST?.body).toBeDefined();
  expect(checked.size).toBeGreaterThan(30);
  expect(problems).toEqual([]);
});
