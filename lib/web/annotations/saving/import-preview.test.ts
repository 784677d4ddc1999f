import { expect, test } from "@playwright/test";
import { defaultMapping, mappedItems, previewChanges } from "./import-preview";
import { readImport } from "./read-import";

const textGrid = (tiers: [string, [number, number, string][]][]) =>
  new TextEncoder().encode(
    [
      'File type = "ooTextFile"',
      'Object class = "TextGrid"',
      "",
      "0",
      "2",
      "<exists>",
      String(tiers.length),
      ...tiers.flatMap(([name, ivs]) => [
        '"IntervalTier"',
        `"${name}"`,
        "0",
        "2",
        String(ivs.length),
        ...ivs.flatMap(([a, b, t]) => [String(a), String(b), `"${t}"`]),
      ]),
      "",
    ].join("\n"),
  );
const w = (label: string, startMs: number, endMs: number, layer = "Words") => ({
  layer,
  label,
  comment: "",
  startMs,
  endMs,
});

test("a TextGrid is read with the server's parser; tiers map by name, unknown ones are skipped until mapped", () => {
  const imported = readImport(
    textGrid([
      [
        "words",
        [
          [0, 0.5, "the"],
          [0.5, 1, "cat"],
        ],
      ],
      ["Mistakes", [[0, 1, "Grammar"]]],
    ]),
    "a.TextGrid",
  );
  expect(imported.layers).toEqual(["words", "Mistakes"]);
  const mapping = defaultMapping(imported.layers, ["Words", "Error", "Noise"]);
  expect(mapping).toEqual({ words: "Words", Mistakes: null });
  expect(mappedItems(imported, mapping).map((i) => `${i.layer}:${i.label}`)).toEqual(["Words:the", "Words:cat"]);
  expect(
    mappedItems(imported, { ...mapping, Mistakes: "Error" })
      .map((i) => `${i.layer}:${i.label}`)
      .sort(),
  ).toEqual(["Error:Grammar", "Words:cat", "Words:the"]);
});

test("unreadable files throw with a message naming the problem", () => {
  expect(() => readImport(new TextEncoder().encode("WEBVTT\n"), "x.vtt")).toThrow(
    /WebVTT can be exported but not imported/,
  );
});

test("the preview counts, per layer, what is added, removed and changed", () => {
  const current = [w("the", 0, 500), w("cat", 500, 1000), w("sat", 1000, 1500), w("Breath", 0, 200, "Noise")];
  const next = [w("the", 0, 500), w("hat", 500, 1000), w("on", 1500, 1800), w("Grammar", 0, 900, "Error")];
  expect(previewChanges(current, next, ["Words", "Error", "Noise"])).toEqual([
    { layer: "Words", added: 1, removed: 1, changed: 1, unchanged: 1 },
    { layer: "Error", added: 1, removed: 0, changed: 0, unchanged: 0 },
    { layer: "Noise", added: 0, removed: 1, changed: 0, unchanged: 0 },
  ]);
});
