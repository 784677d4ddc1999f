import { ApiError } from "./errors";

// Checks of every request's input before it is validated (with-api.ts): how deep JSON nests,
// NUL characters and ill-formed Unicode, in bodies, JSON parts, query values, path parameters
// and file names. Everything here is iterative: the input decides how deep the data goes,
// never how deep the call stack goes (a recursive walk or JSON.stringify of 5,000 levels
// overflows it, and a stack overflow is a 500).

/** The deepest nesting accepted in any JSON value (a body, or JSON text in a field), `{}` being 1. */
export const MAX_JSON_DEPTH = 400;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

const refuse = (message: string) => new ApiError("bad_request", message);
/** The top-level field named in a message (clipped: field names are input too). */
const inField = (field: string) => (field ? ` (in ${field.length > 100 ? `${field.slice(0, 100)}...` : field})` : "");
const tooDeep = (where: string, field = "") =>
  refuse(`${where} nests deeper than ${MAX_JSON_DEPTH} levels${inField(field)}`);

/**
 * How deep JSON text nests: `[` and `{` outside strings, counted until `limit` is passed.
 * Malformed text is measured all the same (its unclosed brackets count).
 */
export function jsonTextDepth(text: string, limit = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > max && (max = depth) > limit) return max;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
  }
  return max;
}

/** Refuses (400) JSON text that nests deeper than MAX_JSON_DEPTH, before anything parses it. */
export function assertJsonTextDepth(text: string, where = "The request body"): void {
  if (jsonTextDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH)
    throw tooDeep(where, topLevelKeyAtDepth(text, MAX_JSON_DEPTH + 1));
}

/** For the message: the key of the top-level object's member in which JSON text first reaches `depth`. */
function topLevelKeyAtDepth(text: string, depth: number): string {
  let level = 0;
  let key = "";
  let stringStart = -1;
  let lastString = "";
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (stringStart >= 0) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) {
        if (level === 1) lastString = text.slice(stringStart, i + 1);
        stringStart = -1;
      }
    } else if (c === QUOTE) stringStart = i;
    else if (c === 0x3a && level === 1) key = lastString;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++level >= depth) break;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) level--;
  }
  try {
    return key ? String(JSON.parse(key)) : "";
  } catch {
    return "";
  }
}

/** A string that is (or looks like) a JSON object or list: what JSON parts of multipart and form bodies carry. */
function looksLikeJson(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === OPEN_BRACE || c === OPEN_BRACKET) return true;
    if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return false;
  }
  return false;
}

function checkString(s: string, where: string, field: string): void {
  if (s.includes("\u0000")) throw refuse(`${where} contains a NUL character${inField(field)}`);
  if (!s.isWellFormed()) throw refuse(`${where} contains ill-formed Unicode (a lone surrogate)${inField(field)}`);
}

/**
 * JSON text inside a string, checked without parsing it: its nesting counted from `depth` (where
 * the string sits, so a JSON part nests as the same value would in a JSON body), and the `\u`
 * escapes in its strings, which decode to a NUL or a lone surrogate once a schema parses the text.
 */
function checkJsonText(text: string, depth: number, where: string, field: string): void {
  let inString = false;
  let highSurrogate = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (!inString) {
      if (c === QUOTE) inString = true;
      else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
        if (++depth > MAX_JSON_DEPTH) throw tooDeep(where, field);
      } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
      continue;
    }
    const escaped = c === BACKSLASH ? text[i + 1] : undefined;
    const hex = escaped === "u" ? text.slice(i + 2, i + 6) : "";
    const unit = /^[0-9a-fA-F]{4}$/.test(hex) ? Number.parseInt(hex, 16) : Number.NaN;
    const isLow = unit >= 0xdc00 && unit <= 0xdfff;
    if (highSurrogate !== isLow)
      throw refuse(`${where} contains ill-formed Unicode (a lone surrogate)${inField(field)}`);
    highSurrogate = unit >= 0xd800 && unit <= 0xdbff;
    if (unit === 0) throw refuse(`${where} contains a NUL character${inField(field)}`);
    if (escaped !== undefined) i += escaped === "u" ? 5 : 1;
    else if (c === QUOTE) inString = false;
  }
  if (highSurrogate) throw refuse(`${where} contains ill-formed Unicode (a lone surrogate)${inField(field)}`);
}

const isPlainObject = (v: object) => {
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

/**
 * Refuses (400) a value that nests deeper than MAX_JSON_DEPTH or holds a NUL character or
 * ill-formed Unicode in any string or key; strings holding JSON text are checked as the JSON
 * they hold. `where` starts the message ("The request body"); the message names the top-level
 * field. Returns the value, so a call can wrap it.
 */
export function assertSafeInput<T>(value: T, where: string): T {
  // Strings are checked on sight; objects and lists wait on a stack with their depth and top-level field.
  const containers: object[] = [];
  const depths: number[] = [];
  const fields: string[] = [];
  const visit = (v: unknown, depth: number, field: string) => {
    if (typeof v === "string") {
      checkString(v, where, field);
      if (looksLikeJson(v)) checkJsonText(v, depth, where, field);
    } else if (v !== null && typeof v === "object") {
      if (depth + 1 > MAX_JSON_DEPTH) throw tooDeep(where, field);
      containers.push(v);
      depths.push(depth + 1);
      fields.push(field);
    }
  };
  visit(value, 0, "");
  while (containers.length) {
    const v = containers.pop()!;
    const depth = depths.pop()!;
    const field = fields.pop()!;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) visit(v[i], depth, field);
    } else if (isPlainObject(v)) {
      for (const key in v) {
        if (!Object.hasOwn(v, key)) continue;
        checkString(key, where, field || key);
        visit((v as Record<string, unknown>)[key], depth, field || key);
      }
    }
  }
  return value;
}
