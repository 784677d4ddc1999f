import { expect, test } from "@playwright/test";
import { canonicalFragments, formatSeconds, InterchangeError, layerOrder, parseSecondsToMs } from "./model";

test("formatSeconds writes exact decimal seconds", () => {
  expect([0, 1, 10, 100, 999, 1000, 1500, 1234, 61001, 3_600_000, 123_456_789].map(formatSeconds)).toEqual([
    "0",
    "0.001",
    "0.01",
    "0.1",
    "0.999",
    "1",
    "1.5",
    "1.234",
    "61.001",
    "3600",
    "123456.789",
  ]);
  expect(formatSeconds(Number.MAX_SAFE_INTEGER)).toBe("9007199254740.991");
  for (const bad of [-1, 1.5, NaN, Infinity]) expect(() => formatSeconds(bad)).toThrow(InterchangeError);
});

test("parseSecondsToMs rounds half up to whole milliseconds without float noise", () => {
  const cases: [string, number][] = [
    ["0", 0],
    ["2", 2000],
    ["1.5", 1500],
    ["1.2345", 1235],
    ["1.2344999", 1234],
    ["0.0005", 1],
    ["0.00049", 0],
    [".5", 500],
    ["1.", 1000],
    ["+1", 1000],
    ["-0", 0],
    ["-0.000", 0],
    ["1e3", 1_000_000],
    ["1.5e-3", 2],
    ["15E-4", 2],
    ["4.35", 4350],
    ["0.1", 100],
    ["1.005", 1005],
    ["2.675", 2675],
    ["1e-400", 0],
    ["00012.3400", 12340],
    ["9007199254740.991", Number.MAX_SAFE_INTEGER],
  ];
  for (const [text, ms] of cases) expect(parseSecondsToMs(text), text).toBe(ms);
});

test("parseSecondsToMs refuses what is not a non-negative finite number", () => {
  for (const bad of [
    "",
    " ",
    "abc",
    "-1",
    "-0.001",
    "1e400",
    "Infinity",
    "NaN",
    "1,5",
    "1.2.3",
    "e5",
    ".",
    "0x10",
    "1e",
    "9007199254740.992",
    "1e99999999999",
  ]) {
    expect(() => parseSecondsToMs(bad), bad).toThrow(InterchangeError);
  }
});

test("every integer millisecond survives formatSeconds → parseSecondsToMs", () => {
  const values = [
    ...Array.from({ length: 200_000 }, (_, ms) => ms),
    86_399_999,
    1_234_567_891,
    2 ** 40 + 7,
    Number.MAX_SAFE_INTEGER,
  ];
  expect(values.filter((ms) => parseSecondsToMs(formatSeconds(ms)) !== ms)).toEqual([]);
});

test("canonicalFragments merges identical spans, sorts, and orders labels by layer", () => {
  const out = canonicalFragments(
    [
      { startMs: 500, endMs: 900, labels: [{ layer: "Zeta", label: "z", comment: "" }] },
      { startMs: 0, endMs: 400, labels: [{ layer: "Error", label: "e", comment: " " }] },
      { startMs: 0, endMs: 300, labels: [{ layer: "Words", label: "  ", comment: "dropped with its label" }] },
      {
        startMs: 0,
        endMs: 400,
        labels: [
          { layer: " Words ", label: "w", comment: "c" },
          { layer: "Alpha", label: "a", comment: "" },
          { layer: "Zeta", label: "z", comment: "" },
        ],
      },
      { startMs: 500, endMs: 900, labels: [{ layer: "Error", label: "e2", comment: "" }] },
    ],
    ["Words", "Error"],
  );
  expect(out).toEqual([
    {
      startMs: 0,
      endMs: 400,
      labels: [
        { layer: "Words", label: "w", comment: "c" },
        { layer: "Error", label: "e", comment: "" },
        { layer: "Alpha", label: "a", comment: "" },
        { layer: "Zeta", label: "z", comment: "" },
      ],
    },
    {
      startMs: 500,
      endMs: 900,
      labels: [
        { layer: "Error", label: "e2", comment: "" },
        { layer: "Zeta", label: "z", comment: "" },
      ],
    },
  ]);
});

test("layerOrder puts listed layers first, then others by first appearance", () => {
  const fragments = [
    {
      startMs: 0,
      endMs: 1,
      labels: [
        { layer: "Tone", label: "H", comment: "" },
        { layer: "Words", label: "a", comment: "" },
        { layer: "Gloss", label: "g", comment: "" },
      ],
    },
  ];
  expect(layerOrder(["Words", "Error", "Words"], fragments)).toEqual(["Words", "Error", "Tone", "Gloss"]);
});
