// The query-string fuzz test's targets and cases (e2e/api/fuzz-query.spec.ts): every GET of every
// route file under app/api, found on disk; for each declared query field (read off its zod schema:
// lib/api/route-registry.ts) hostile values chosen by the field's kind, and for every route
// hostile query strings as a whole. Each case says what the answer must be: `reject` (the value
// is surely invalid: 400 or 422), `same` (the route ignores it: the status of the plain request)
// or `any` (anything but a 5xx; errors as JSON).
import type { z } from "zod";
import { loadRoutes } from "../../lib/api/route-files";
import type { RouteDeclaration } from "../../lib/api/route-registry";
import { fillParams } from "./fuzz-targets";
import { fieldsOf, unwrap } from "./fuzz-values";

export type Expect = "reject" | "same" | "any";
export type QueryCase = { label: string; query: string; expect: Expect };
export type QueryTarget = { template: string; url: string; declaration: RouteDeclaration | null };

const ROOT = new URL("../..", import.meta.url).pathname;

/** Every GET of every route file (withApi's or not), with the fixture's ids in its path. */
export async function readTargets(ids: Record<string, string>): Promise<QueryTarget[]> {
  const targets: QueryTarget[] = [];
  for (const route of await loadRoutes(ROOT)) {
    if (!("GET" in route.methods)) continue;
    targets.push({
      template: route.template,
      url: fillParams(route.template, ids),
      declaration: route.methods.GET ?? null,
    });
  }
  return targets;
}

type Def = { type: string; [key: string]: unknown };
type Check = { check: string; format?: string; value?: number; inclusive?: boolean; maximum?: number };
const checksOf = (def: Def): Check[] => ((def.checks ?? []) as { _zod: { def: Check } }[]).map((c) => c._zod.def);
const limit = (def: Def, check: string) => checksOf(def).find((c) => c.check === check);

const enc = encodeURIComponent;
const X10K = "x".repeat(10_000);

/** Values of one field, by what the field is (a list is judged by its items, and by its length). */
function fieldCases(name: string, schema: unknown): QueryCase[] {
  const outer = unwrap(schema);
  const list = outer.type === "array";
  const def = list ? unwrap(outer.element) : outer;
  const one = (label: string, raw: string, expect: Expect): QueryCase => ({
    label: `${name}: ${label}`,
    query: `${enc(name)}=${raw}`,
    expect,
  });
  const repeated = (values: string[]) => values.map((v) => `${enc(name)}=${v}`).join("&");
  const cases: QueryCase[] = [
    one("empty", "", "any"),
    one("10,000 characters", X10K, def.type === "string" && !limit(def, "max_length") ? "any" : "reject"),
    one(
      "unicode, bidi and emoji",
      enc("ünï 😀\u202etxt"),
      def.type === "string" && !def.format && !checksOf(def).some((c) => c.format) ? "any" : "reject",
    ),
    one("NUL", "a%00b", "reject"),
    one("a lone '%'", "%", "any"),
    one("malformed escapes", "%zz%E0%A4%A%", "any"),
    one("bytes that are not UTF-8", "%ff%fe", "any"),
    one("an escaped lone surrogate", "%ED%A0%80", "any"),
    one("brackets", "%5B%5D", "any"),
    { label: `${name}[]: PHP-style array`, query: `${enc(name)}[]=1&${enc(name)}[]=2`, expect: "same" },
    { label: `${name}[0]: indexed`, query: `${enc(name)}[0]=1`, expect: "same" },
  ];
  // A list takes repeats up to its bound; a single value never takes two.
  const max = list ? limit(outer, "max_length")?.maximum : undefined;
  if (list)
    cases.push({
      label: `${name}: ${(max ?? 500) + 1} repeats`,
      query: repeated(Array.from({ length: (max ?? 500) + 1 }, (_, i) => `v${i}`)),
      expect: max === undefined ? "any" : "reject",
    });
  else
    cases.push({
      label: `${name}: repeated`,
      query: repeated(["1", "2"]),
      expect: def.type === "number" || def.type === "enum" ? "reject" : "any",
    });

  if (name === "startCursor") cases.push(...forgedCursors(name));
  switch (def.type) {
    case "number": {
      const min = limit(def, "greater_than")?.value;
      const high = limit(def, "less_than")?.value;
      const numbers: [string, string, boolean][] = [
        ["negative", "-1", min !== undefined && min >= 0],
        ["zero", "0", min !== undefined && min > 0],
        ["huge", "99999999999999999999", high !== undefined],
        ["int32 overflow", "2147483648", high !== undefined && high < 2147483648],
        ["1e309 (infinite)", "1e309", true],
        ["NaN", "NaN", true],
        ["Infinity", "Infinity", true],
        ["-Infinity", "-Infinity", true],
        ["a fraction", "1.5", true],
        ["hex", "0x10", false],
        ["a word", "ten", true],
        ["blank", "%20%20", min !== undefined && min > 0],
      ];
      for (const [label, raw, bad] of numbers) cases.push(one(label, raw, bad ? "reject" : "any"));
      break;
    }
    case "enum":
      cases.push(
        one("an unknown value", "bogus", "reject"),
        one("another case", enc(`${String(Object.values(def.entries as object)[0]).toUpperCase()}X`), "reject"),
      );
      break;
    case "string": {
      if (def.format === "datetime" || checksOf(def).some((c) => c.format === "datetime")) {
        const dates: [string, string, Expect][] = [
          ["an impossible day", "2026-02-31T00:00:00Z", "reject"],
          ["month 13", "2026-13-01T00:00:00Z", "reject"],
          ["hour 24", "2026-01-01T24:00:00Z", "reject"],
          ["a day only", "2026-01-01", "reject"],
          ["a word", "yesterday", "reject"],
          ["epoch milliseconds", "1767225600000", "reject"],
          ["year 0", "0000-01-01T00:00:00Z", "any"],
          ["year 9999, -23:59", enc("9999-12-31T23:59:59-23:59"), "any"],
          ["nanoseconds", "2026-01-01T00:00:00.123456789Z", "any"],
          ["an offset, unescaped '+'", "2026-01-01T00:00:00+01:00", "any"],
          ["a six-digit year", enc("+275760-09-13T00:00:00Z"), "reject"],
        ];
        for (const [label, raw, expect] of dates) cases.push(one(label, raw, expect));
      } else {
        cases.push(
          one("a number", "-1", "any"),
          one("path traversal", enc("../../etc/passwd"), "any"),
          one("SQL", enc("' OR 1=1 --"), "any"),
        );
      }
      break;
    }
    default:
      cases.push(one("a word", "maybe", "any"), one("a number", "-1", "any"), one("JSON", enc('{"a":1}'), "any"));
  }
  return cases;
}

const b64 = (value: unknown) =>
  Buffer.from(typeof value === "string" ? value : JSON.stringify(value)).toString("base64url");

/**
 * Cursors made up by the caller: garbage, and well-formed ones of the wrong kind for the list's
 * order (a number or a word where a moment is expected, a moment where a name is), or holding
 * NUL, lone surrogates, huge values. A list may take a made-up cursor of its own kind (it only
 * names a position); anything else is a 400.
 */
function forgedCursors(name: string): QueryCase[] {
  const one = (label: string, value: unknown, expect: Expect = "any"): QueryCase => ({
    label: `${name}: ${label}`,
    query: `${name}=${b64(value)}`,
    expect,
  });
  return [
    one("base64 of garbage", "garbage", "reject"),
    one("base64 of JSON null", null, "reject"),
    one("a cursor of another shape", { c: 1, id: 1 }),
    one("a number where a moment or name is expected", { v: 12345, d: false, pk: "x" }),
    one("a word where a moment is expected", { v: "not a date", d: false, pk: "x" }),
    one("a moment marked as a date, for any order", { v: "2026-01-01T00:00:00.000Z", d: true, pk: "x" }),
    one("an invalid moment marked as a date", { v: "2026-02-31T99:00:00Z", d: true, pk: "x" }, "reject"),
    one("a huge number", { v: 1e308, d: false, pk: "x" }),
    one("a list as the value", { v: ["a"], d: false, pk: "x" }, "reject"),
    one("NUL in the key", { v: "2026-01-01T00:00:00.000Z", d: true, pk: "a\u0000b" }),
    one("NUL in the value", { v: "a\u0000b", d: false, pk: "x" }),
    {
      label: `${name}: a lone surrogate in the key`,
      query: `${name}=${b64('{"v":"2026-01-01T00:00:00.000Z","d":true,"pk":"\\ud800"}')}`,
      expect: "any",
    },
    one("a 300-character key", { v: "2026-01-01T00:00:00.000Z", d: true, pk: "k".repeat(300) }),
    one("a year-0 moment", { v: "0000-01-01T00:00:00.000Z", d: true, pk: "x" }),
    one("the largest moment", { v: "+275760-09-13T00:00:00.000Z", d: true, pk: "x" }),
  ];
}

/** Whole query strings: unknown names are ignored (the plain request's status); broken ones are no 500. */
function wholeCases(fields: string[]): QueryCase[] {
  const cases: QueryCase[] = [
    { label: "an unknown parameter", query: "zzz=1", expect: "same" },
    {
      label: "1,000 unknown parameters",
      query: Array.from({ length: 1000 }, (_, i) => `p${i}=${i}`).join("&"),
      expect: "same",
    },
    { label: "a 10,000-character name", query: `${"n".repeat(10_000)}=1`, expect: "same" },
    {
      label: "__proto__ and constructor",
      query: "__proto__=1&constructor=2&__proto__[polluted]=1&hasOwnProperty=3",
      expect: "same",
    },
    { label: "empty pairs and names", query: "&&=&=x&&", expect: "same" },
    { label: "a lone '%'", query: "%", expect: "same" },
    { label: "malformed escapes in names", query: "%zz=1&%E0%A4%A=2&%=3", expect: "same" },
    { label: "a NUL in a name", query: "a%00b=1", expect: "any" },
    { label: "an empty access_token", query: "access_token=", expect: "same" },
  ];
  if (fields.length)
    cases.push({
      label: "every field twice",
      query: fields.flatMap((f) => [`${enc(f)}=1`, `${enc(f)}=2`]).join("&"),
      expect: "any",
    });
  return cases;
}

/** The cases of one target: per declared query field, then the query string as a whole. */
export function queryCases(declaration: RouteDeclaration | null): QueryCase[] {
  const fields = declaration?.query ? fieldsOf(declaration.query as z.ZodType) : [];
  // A list sorted on request: each order with a cursor of each kind (a moment, a word).
  const sort = fields.find((f) => f.name === "sort");
  const orders =
    sort && fields.some((f) => f.name === "startCursor")
      ? Object.values(unwrap(sort.schema).entries as Record<string, string>)
      : [];
  const sorted = orders.flatMap((order) =>
    [
      { v: "2026-01-01T00:00:00.000Z", d: true, pk: "x" },
      { v: "Smith", d: false, pk: "x" },
      { v: 7, d: false, pk: "x" },
    ].map((cursor) => ({
      label: `sort=${order} with the cursor ${JSON.stringify(cursor)}`,
      query: `sort=${order}&startCursor=${b64(cursor)}`,
      expect: "any" as const,
    })),
  );
  return [...fields.flatMap((f) => fieldCases(f.name, f.schema)), ...sorted, ...wholeCases(fields.map((f) => f.name))];
}
