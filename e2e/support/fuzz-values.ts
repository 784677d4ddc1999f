// Values for the fuzz test (e2e/api/fuzz.spec.ts): a seeded random source, plausible values
// read off an endpoint's zod schema, and hostile values for its fields (wrong types, numbers
// and strings out of bounds, deep nesting, lone surrogates, NUL, huge lists).
import type { z } from "zod";

export type Rng = {
  next: () => number;
  int: (n: number) => number;
  pick: <T>(list: readonly T[]) => T;
  sample: <T>(list: readonly T[], n: number) => T[];
};

/** mulberry32, seeded from a number or a string: the same seed gives the same cases on every run. */
export function rng(seed: number | string): Rng {
  let a =
    typeof seed === "number"
      ? seed
      : [...seed].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 2654435761) >>> 0, 0x9e3779b9);
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]) => list[int(list.length)];
  const sample = <T>(list: readonly T[], n: number) => {
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = int(i + 1);
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy.slice(0, n);
  };
  return { next, int, pick, sample };
}

// ---- reading zod schemas (zod 4 keeps each schema's definition in `_zod.def`) ----

type Def = { type: string; [key: string]: unknown };
type Check = { check: string; format?: string; value?: number | bigint; inclusive?: boolean; minimum?: number };
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def): Check[] => ((def.checks ?? []) as { _zod: { def: Check } }[]).map((c) => c._zod.def);

/** The schema under optional, nullable, default and pipes (a pipe's target: what a preprocess feeds). */
export function unwrap(schema: unknown): Def {
  let def = defOf(schema);
  for (let i = 0; i < 20; i++) {
    if (def.innerType) def = defOf(def.innerType);
    else if (def.type === "pipe") def = defOf(defOf(def.out).type === "transform" ? def.in : def.out);
    else if (def.type === "lazy") def = defOf((def.getter as () => unknown)());
    else break;
  }
  return def;
}

export type Field = { name: string; schema: unknown; required: boolean };

/** An object schema's fields, and which are required (neither optional nor with a default). */
export const fieldsOf = (schema: z.ZodType | undefined): Field[] => (schema ? fieldsOfDef(unwrap(schema)) : []);

function fieldsOfDef(def: Def): Field[] {
  if (def.type !== "object") return [];
  return Object.entries(def.shape as Record<string, unknown>).map(([name, field]) => {
    const optional = (field as { _zod: { optin?: string } })._zod.optin === "optional";
    return { name, schema: field, required: !optional };
  });
}

const hex = (r: Rng, n = 8) => Array.from({ length: n }, () => "0123456789abcdef"[r.int(16)]).join("");

/** A plausible value for `schema` (field `name` hints where the schema cannot: languages, colours, dates). */
export function plausible(schema: unknown, r: Rng, name = "", depth = 0): unknown {
  const def = unwrap(schema);
  if (/language/i.test(name)) return "eng";
  if (/color/i.test(name)) return "#336699";
  if (/dueDate/i.test(name)) return "2031-01-01";
  if (/email/i.test(name)) return `fz-${hex(r)}@example.org`;
  if (/password/i.test(name)) return `fuzz-password-${hex(r)}`;
  switch (def.type) {
    case "string": {
      const formats = checksOf(def).map((c) => c.format);
      if (formats.includes("email")) return `fz-${hex(r)}@example.org`;
      if (formats.includes("datetime")) return "2031-01-01T00:00:00Z";
      return `fz${hex(r)}`;
    }
    case "number": {
      const min = checksOf(def).find((c) => c.check === "greater_than")?.value;
      return typeof min === "number" ? Math.max(min, 0) : 1;
    }
    case "boolean":
      return true;
    case "enum":
      return Object.values(def.entries as Record<string, unknown>)[0];
    case "literal":
      return (def.values as unknown[])[0];
    case "union":
      return plausible((def.options as unknown[])[0], r, name, depth);
    case "array":
      return depth > 4 ? [] : [plausible(def.element, r, name, depth + 1)];
    case "object": {
      const out: Record<string, unknown> = {};
      if (depth > 4) return out;
      for (const field of fieldsOfDef(def))
        if (field.required) out[field.name] = plausible(field.schema, r, field.name, depth + 1);
      return out;
    }
    default:
      return { fuzz: hex(r) };
  }
}

// ---- hostile values ----

/** JSON text put in place as it is: values too deep for JSON.stringify (it recurses, and overflows). */
export type Raw = { raw: string };
export const raw = (text: string): Raw => ({ raw: text });
const isRaw = (v: unknown): v is Raw =>
  typeof v === "object" && v !== null && typeof (v as Raw).raw === "string" && Object.keys(v).length === 1;

/** JSON text of a value whose top-level fields may be Raw. */
export function toJson(value: unknown): string {
  if (isRaw(value)) return value.raw;
  if (typeof value !== "object" || value === null || Array.isArray(value)) return JSON.stringify(value);
  return `{${Object.entries(value)
    .map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`)
    .join(",")}}`;
}

/** Text of a multipart or form part holding `value`: strings as they are, anything else as JSON. */
export const partText = (value: unknown) => (typeof value === "string" ? value : toJson(value));

/** Lists nested `depth` deep, as JSON text. */
export const deepList = (depth: number): Raw => raw(`${"[".repeat(depth)}0${"]".repeat(depth)}`);

/** `depth` nested objects, as JSON text: {"a":{"a":...}}. */
export const deepObject = (depth: number): Raw => raw(`${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`);

/** Hostile values for a field whose plausible value is `item` (for lists: one of its items). */
export function hostileValues(item: unknown): [label: string, value: unknown][] {
  return [
    ["null", null],
    ["true", true],
    ["number", 12345],
    ["negative", -1],
    ["huge number", 1e308],
    ["fraction", 0.5],
    ["int32 overflow", 2147483648],
    // biome-ignore lint/correctness/noPrecisionLoss: the fuzz value is meant to lose precision
    ["unsafe integer", 9007199254740993],
    ["empty string", ""],
    ["blank", "   "],
    ["20,000 characters", "x".repeat(20_000)],
    ["lone high surrogate", "a\ud800b"],
    ["lone low surrogate", "\udc00"],
    ["NUL", "a\u0000b"],
    ["emoji and bidi", "😀👍🏽\u202etxt"],
    ["numeric string", "1e999"],
    ["path traversal", "../../etc/passwd"],
    ["empty list", []],
    ["list of two", [item, item]],
    ["object", { a: 1 }],
    ["5,000 deep", deepList(5000)],
    ["5,000 deep objects", deepObject(5000)],
    ["5,000 items", Array.from({ length: 5000 }, () => item)],
    ["1,001 items", Array.from({ length: 1001 }, () => item)],
    ["__proto__", JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}')],
    ["JSON text 5,000 deep", "[".repeat(5000) + "]".repeat(5000)],
    ["JSON text with an escaped surrogate", '{"a":"\\ud800"}'],
    ["JSON text with an escaped NUL", '["\\u0000"]'],
    ["list with a lone surrogate", ["ok", "\udfff"]],
  ];
}
