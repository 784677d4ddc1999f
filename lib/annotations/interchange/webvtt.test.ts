import { expect, test } from "@playwright/test";
import { InterchangeError } from "./model";
import { DOCUMENTS, randomDocument } from "./test-documents";
import { toWebVtt, vttTimestamp } from "./webvtt";

test("WebVTT: header, one cue per fragment in time order, labels in layer order, comments appended", () => {
  expect(
    toWebVtt({
      name: "annotation-12",
      durationMs: 5000,
      layers: ["Words", "Error"],
      fragments: [
        { startMs: 1500, endMs: 3_723_004, labels: [{ layer: "Error", label: "late", comment: "" }] },
        {
          startMs: 0,
          endMs: 1200,
          labels: [
            { layer: "Error", label: "vowel", comment: "too open" },
            { layer: "Words", label: "cat", comment: "" },
          ],
        },
        { startMs: 0, endMs: 1200, labels: [{ layer: "Tone", label: "H*", comment: " " }] },
      ],
    }),
  ).toBe(
    [
      "WEBVTT - annotation-12",
      "",
      "f1",
      "00:00:00.000 --> 00:00:01.200",
      "Words: cat",
      "Error: vowel — too open",
      "Tone: H*",
      "",
      "f2",
      "00:00:01.500 --> 01:02:03.004",
      "Error: late",
      "",
    ].join("\n"),
  );
});

test("WebVTT escapes markup and keeps every cue on non-blank lines without -->", () => {
  const vtt = toWebVtt(DOCUMENTS["quotes, unicode and markup"]!);
  expect(vtt).toContain("Error: a &amp; b &lt; c &gt; d");
  expect(vtt).toContain('Words: he said "hi"\nError: "quoted" — a "comment" &amp; &lt;b&gt;bold&lt;/b&gt;');
  expect(vtt).toContain("Error: line one line two three");
  expect(vtt).toContain("Error: --&gt; ! [1] &lt;exists&gt; = :");
  const wrong: string[] = [];
  for (let seed = 1; seed <= 200; seed++) {
    const cues = toWebVtt(randomDocument(seed)).split("\n\n").slice(1);
    cues.forEach((cue, i) => {
      const [id, timing, ...lines] = cue.replace(/\n$/, "").split("\n");
      const ok =
        id === `f${i + 1}` &&
        /^\d\d:\d\d:\d\d\.\d{3} --> \d\d:\d\d:\d\d\.\d{3}$/.test(timing ?? "") &&
        lines.length > 0 &&
        lines.every((line) => !line.includes("-->") && !/[<>\r]|&(?!amp;|lt;|gt;)/.test(line) && line.trim() !== "");
      if (!ok) wrong.push(`seed ${seed}: ${JSON.stringify(cue)}`);
    });
  }
  expect(wrong).toEqual([]);
});

test("WebVTT header tolerates odd names; an empty document is just the header", () => {
  expect(toWebVtt({ ...DOCUMENTS.empty!, name: "a\nb --> c" })).toBe("WEBVTT - a b → c\n");
  expect(toWebVtt({ ...DOCUMENTS.empty!, name: "" })).toBe("WEBVTT\n");
});

test("vttTimestamp formats integer ms as hh:mm:ss.mmm", () => {
  expect([0, 1, 999, 1000, 61_001, 3_599_999, 3_600_000, 360_000_000].map(vttTimestamp)).toEqual([
    "00:00:00.000",
    "00:00:00.001",
    "00:00:00.999",
    "00:00:01.000",
    "00:01:01.001",
    "00:59:59.999",
    "01:00:00.000",
    "100:00:00.000",
  ]);
  expect(() => vttTimestamp(-1)).toThrow(InterchangeError);
  expect(() => toWebVtt({ ...DOCUMENTS.empty!, fragments: [{ startMs: 9, endMs: 3, labels: [] }] })).toThrow(
    /fragment 1/,
  );
});
