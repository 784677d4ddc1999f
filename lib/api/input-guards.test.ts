import { expect, test } from "@playwright/test";
import { ApiError } from "./errors";
import { assertJsonTextDepth, assertSafeInput, jsonTextDepth, MAX_JSON_DEPTH } from "./input-guards";

const nested = (depth: number, leaf: unknown = 1): unknown => {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 ? { a: value } : [value];
  return value;
};

/** The 400 message `run` throws, or null when it passes. */
function refusal(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe("bad_request");
    return (error as ApiError).message;
  }
}

test("JSON text depth counts brackets outside strings only", () => {
  expect(jsonTextDepth("{}")).toBe(1);
  expect(jsonTextDepth('{"a":[1,{"b":[]}]}')).toBe(4);
  expect(jsonTextDepth('["[[[[", "\\"[[["]')).toBe(1);
  expect(jsonTextDepth("[".repeat(1e6))).toBe(1e6);
  expect(jsonTextDepth("[".repeat(1e6), 10)).toBe(11);
  expect(refusal(() => assertJsonTextDepth("[".repeat(MAX_JSON_DEPTH) + "]".repeat(MAX_JSON_DEPTH)))).toBeNull();
  expect(refusal(() => assertJsonTextDepth("[".repeat(MAX_JSON_DEPTH + 1)))).toBe(
    "The request body nests deeper than 400 levels",
  );
  const body = `{"name":"a:[{","extra":${"[".repeat(5000)}`;
  expect(refusal(() => assertJsonTextDepth(body))).toBe("The request body nests deeper than 400 levels (in extra)");
});

test("values nest at most 400 levels, the outer object being the first; far deeper ones are refused without a stack overflow", () => {
  expect(refusal(() => assertSafeInput({ extra: nested(MAX_JSON_DEPTH - 1) }, "The request body"))).toBeNull();
  expect(refusal(() => assertSafeInput({ extra: nested(MAX_JSON_DEPTH) }, "The request body"))).toBe(
    "The request body nests deeper than 400 levels (in extra)",
  );
  expect(
    refusal(() =>
      assertSafeInput({ extra: JSON.parse("[".repeat(200_000) + "]".repeat(200_000)) }, "The request body"),
    ),
  ).toMatch(/deeper than 400 levels \(in extra\)/);
});

test("JSON text in a string nests from where the string sits, like the same value in a JSON body", () => {
  const text = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
  expect(refusal(() => assertSafeInput({ metadata: text(MAX_JSON_DEPTH - 1) }, "The request body"))).toBeNull();
  expect(refusal(() => assertSafeInput({ metadata: text(MAX_JSON_DEPTH) }, "The request body"))).toMatch(
    /deeper than 400 levels \(in metadata\)/,
  );
  expect(refusal(() => assertSafeInput({ sentences: ["x", ` ${text(5000)}`] }, "The request body"))).toMatch(
    /in sentences/,
  );
  // Text that merely starts like JSON is measured as such; brackets inside its strings do not count.
  expect(refusal(() => assertSafeInput({ topic: `["${"[".repeat(5000)}"]` }, "The request body"))).toBeNull();
  expect(refusal(() => assertSafeInput({ topic: "[".repeat(5000) }, "The request body"))).toMatch(/deeper/);
});

test("NUL characters are refused in strings, keys and JSON escapes", () => {
  expect(refusal(() => assertSafeInput({ name: "a\u0000b" }, "The request body"))).toBe(
    "The request body contains a NUL character (in name)",
  );
  expect(refusal(() => assertSafeInput({ "k\u0000": 1 }, "The query"))).toMatch(/^The query contains a NUL character/);
  expect(refusal(() => assertSafeInput({ deep: [{ x: ["\u0000"] }] }, "The request body"))).toMatch(
    /NUL character \(in deep\)/,
  );
  expect(refusal(() => assertSafeInput({ extra: '{"a":"\\u0000"}' }, "The request body"))).toMatch(
    /NUL character \(in extra\)/,
  );
  // An escaped backslash followed by u0000 is text, not a NUL.
  expect(refusal(() => assertSafeInput({ extra: '{"a":"\\\\u0000"}' }, "The request body"))).toBeNull();
});

test("lone surrogates are refused in strings, keys, lists and JSON escapes; pairs pass", () => {
  const ill = /ill-formed Unicode/;
  expect(refusal(() => assertSafeInput({ name: "a\ud800b" }, "The request body"))).toMatch(ill);
  expect(refusal(() => assertSafeInput({ name: "a\udc00" }, "The request body"))).toMatch(ill);
  expect(refusal(() => assertSafeInput({ "\ud83d": "x" }, "The request body"))).toMatch(ill);
  expect(refusal(() => assertSafeInput(["ok", "\ud800"], "A file name"))).toMatch(/^A file name contains ill-formed/);
  expect(refusal(() => assertSafeInput({ group: "\udfff" }, "The path"))).toMatch(/^The path/);
  for (const text of ['{"a":"\\ud800"}', '{"a":"\\ud800x"}', '{"a":"\\udc00"}', '["\\uD83D\\u0041"]', '["\\ud800']) {
    expect(
      refusal(() => assertSafeInput({ extra: text }, "The request body")),
      text,
    ).toMatch(ill);
  }
  expect(
    refusal(() =>
      assertSafeInput({ name: "emoji 😀 and 中文", extra: '{"e":"\\ud83d\\ude00","f":"\\u00e9"}' }, "The request body"),
    ),
  ).toBeNull();
});

test("the value is returned unchanged; other values pass", () => {
  const value = { a: [1, true, null, { b: "c" }], d: new Date(0) };
  expect(assertSafeInput(value, "The request body")).toBe(value);
  expect(refusal(() => assertSafeInput(undefined, "The path"))).toBeNull();
});
