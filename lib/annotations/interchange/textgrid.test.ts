import { expect, test } from "@playwright/test";
import { type AnnotationDocument, canonicalFragments, InterchangeError, layerOrder } from "./model";
import { DOCUMENTS, randomDocument } from "./test-documents";
import { fromTextGrid, toTextGrid } from "./textgrid";

const canonical = (doc: AnnotationDocument, fragments = doc.fragments) =>
  canonicalFragments(fragments, layerOrder(doc.layers, doc.fragments));

for (const [name, doc] of Object.entries(DOCUMENTS)) {
  test(`TextGrid round trip: ${name}`, () => {
    const text = toTextGrid(doc);
    const back = fromTextGrid(text);
    expect(back.fragments).toEqual(canonical(doc, back.fragments));
    expect(back.fragments).toEqual(canonical(doc));
    const lastEnd = Math.max(0, ...doc.fragments.map((f) => f.endMs));
    expect(back.durationMs).toBe(Math.max(doc.durationMs, lastEnd, 1));
    // Also as bytes, with a BOM, and as UTF-16 (what Praat writes for non-ASCII text).
    const utf8 = new TextEncoder().encode(`\uFEFF${text}`);
    expect(fromTextGrid(utf8)).toEqual(back);
    expect(fromTextGrid(utf16(text, "le"))).toEqual(back);
    expect(fromTextGrid(utf16(text, "be"))).toEqual(back);
  });
}

test("TextGrid round trips of random documents", () => {
  for (let seed = 1; seed <= 300; seed++) {
    const doc = randomDocument(seed);
    expect(fromTextGrid(toTextGrid(doc)).fragments, `seed ${seed}`).toEqual(canonical(doc));
  }
});

function utf16(text: string, order: "le" | "be"): Uint8Array {
  const bytes = new Uint8Array(2 + text.length * 2);
  bytes.set(order === "le" ? [0xff, 0xfe] : [0xfe, 0xff]);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    bytes.set(order === "le" ? [c & 0xff, c >> 8] : [c >> 8, c & 0xff], 2 + i * 2);
  }
  return bytes;
}

test("TextGrid output is Praat's long text format, tiled with empty intervals", () => {
  const doc: AnnotationDocument = {
    name: "annotation-5",
    durationMs: 2000,
    layers: ["Words", "Error"],
    fragments: [
      {
        startMs: 500,
        endMs: 1250,
        labels: [
          { layer: "Words", label: 'say "a"', comment: "" },
          { layer: "Error", label: "x", comment: "note" },
        ],
      },
    ],
  };
  expect(toTextGrid(doc)).toBe(
    [
      'File type = "ooTextFile"',
      'Object class = "TextGrid"',
      "",
      "xmin = 0 ",
      "xmax = 2 ",
      "tiers? <exists> ",
      "size = 3 ",
      "item []: ",
      ...tier(1, "Words", [
        ["0", "0.5", ""],
        ["0.5", "1.25", 'say ""a""'],
        ["1.25", "2", ""],
      ]),
      ...tier(2, "Error", [
        ["0", "0.5", ""],
        ["0.5", "1.25", "x"],
        ["1.25", "2", ""],
      ]),
      ...tier(3, "Error comments", [
        ["0", "0.5", ""],
        ["0.5", "1.25", "note"],
        ["1.25", "2", ""],
      ]),
      "",
    ].join("\n"),
  );
  function tier(n: number, name: string, intervals: [string, string, string][]) {
    return [
      `    item [${n}]:`,
      '        class = "IntervalTier" ',
      `        name = "${name}" `,
      "        xmin = 0 ",
      "        xmax = 2 ",
      `        intervals: size = ${intervals.length} `,
      ...intervals.flatMap(([a, b, t], i) => [
        `        intervals [${i + 1}]:`,
        `            xmin = ${a} `,
        `            xmax = ${b} `,
        `            text = "${t}" `,
      ]),
    ];
  }
});

test("overlapping labels of a layer go to numbered tiers, comments to comment tiers", () => {
  const text = toTextGrid(DOCUMENTS["overlapping errors"]!);
  expect([...text.matchAll(/name = "(.*)"/g)].map((m) => m[1])).toEqual([
    "Words",
    "Error",
    "Error (2)",
    "Error (3)",
    "Error (4)",
  ]);
  const commented = toTextGrid(DOCUMENTS.comments!);
  expect([...commented.matchAll(/name = "(.*)"/g)].map((m) => m[1])).toEqual([
    "Words",
    "Error",
    "Error comments",
    "Error (2)",
    "Error (2) comments",
    "Error (3)",
    "Error (3) comments",
  ]);
});

const SHORT = `File type = "ooTextFile"
Object class = "TextGrid"

0
2.3
<exists>
2
"IntervalTier"
"Mary"
0
2.3
3
0
0.7
""
0.7
1.5
"hi ""you"""
1.5
2.3
"there"
"IntervalTier"
"Mary comments"
0
2.3
1
0.7
1.5
"c"
`;

test("the short text format, CRLF and ! comments are read", () => {
  const expected = {
    durationMs: 2300,
    fragments: [
      { startMs: 700, endMs: 1500, labels: [{ layer: "Mary", label: 'hi "you"', comment: "c" }] },
      { startMs: 1500, endMs: 2300, labels: [{ layer: "Mary", label: "there", comment: "" }] },
    ],
  };
  expect(fromTextGrid(SHORT)).toEqual(expected);
  expect(fromTextGrid(SHORT.replaceAll("\n", "\r\n"))).toEqual(expected);
  expect(
    fromTextGrid(SHORT.replace("<exists>", "<exists> ! tiers follow").replace('"ooTextFile"', '"ooTextFile short"')),
  ).toEqual(expected);
  expect(fromTextGrid(SHORT.replace("\n1.5\n2.3\n", "\n15e-1\n2.30000000000000004\n"))).toEqual(expected);
});

test("a TextGrid as Praat writes it (long format, extra tier xmin, exponent times) is read", () => {
  const praat = toTextGrid(DOCUMENTS["multi-layer with gaps"]!)
    .replace("xmin = 0.3 ", "xmin = 3e-1 ")
    .replace("item []: ", "item []: ! the tiers");
  expect(fromTextGrid(praat)).toEqual(fromTextGrid(toTextGrid(DOCUMENTS["multi-layer with gaps"]!)));
  const absent = 'File type = "ooTextFile"\nObject class = "TextGrid"\n\nxmin = 0\nxmax = 1\ntiers? <absent>\n';
  expect(fromTextGrid(absent)).toEqual({ durationMs: 1000, fragments: [] });
});

const BAD: [string, string, RegExp][] = [
  [
    "truncated",
    SHORT.slice(0, SHORT.indexOf('"there"')),
    /ends early; expected a string for the text of interval 3 of tier "Mary"/,
  ],
  ["truncated inside a string", SHORT.slice(0, SHORT.indexOf('"there"') + 3), /line 21: a string is not closed/],
  [
    "non-numeric time",
    SHORT.replace('0.7\n1.5\n"hi', '0.7\nabc\n"hi'),
    /line 17: expected a number for xmax of interval 2 of tier "Mary", found "abc"/,
  ],
  [
    "bad number",
    SHORT.replace('0.7\n1.5\n"hi', '0.7\n1.5.5\n"hi'),
    /line 17: expected a number for xmax of interval 2 of tier "Mary": "1.5.5" is not a number/,
  ],
  [
    "negative time",
    SHORT.replace("0\n0.7\n", "-1\n0.7\n"),
    /line 13: expected a number for xmin of interval 1 of tier "Mary": "-1" is a negative time/,
  ],
  [
    "xmin > xmax",
    SHORT.replace('0.7\n1.5\n"hi', '1.6\n1.5\n"hi'),
    /line 17: xmin of interval 2 of tier "Mary" \(1.6 s\) is after its xmax \(1.5 s\)/,
  ],
  [
    "overlapping intervals",
    SHORT.replace('0.7\n1.5\n"hi', '0.5\n1.5\n"hi'),
    /line 16: interval 2 of tier "Mary" starts at 0.5 s, before the previous interval ends \(0.7 s\)/,
  ],
  [
    "point tier",
    SHORT.replace('"IntervalTier"\n"Mary comments"', '"TextTier"\n"bell"'),
    /line 22: tier "bell" is a point tier \(TextTier\)/,
  ],
  [
    "unknown tier class",
    SHORT.replace('"IntervalTier"\n"Mary comments"', '"Tier"\n"x"'),
    /tier "x" has unknown class "Tier"/,
  ],
  [
    "string for a count",
    SHORT.replace("\n3\n", '\n"3"\n'),
    /expected a whole number for the number of intervals of tier "Mary", found the string "3"/,
  ],
  ["fractional count", SHORT.replace("\n3\n", "\n3.5\n"), /expected a whole number for the number of intervals/],
  ["wrong object", SHORT.replace('"TextGrid"', '"Sound"'), /holds a Praat "Sound" object/],
  ["no header", "xmin = 0\n", /does not start with File type/],
  ["binary", "ooBinaryFile\u0008TextGrid", /binary TextGrid/],
  ["empty", "", /does not start with File type/],
  [
    "labelled interval shorter than 1 ms",
    SHORT.replace('0.7\n1.5\n"hi', '0.7\n0.7004\n"hi').replace("\n1.5\n2.3\n", "\n0.7004\n2.3\n"),
    /interval 0.7–0.7 s is empty or reversed/,
  ],
  [
    "orphan comment",
    SHORT.replace('0.7\n1.5\n"c"', '0.7\n1.4\n"c"'),
    /tier "Mary comments": the comment at 0.7–1.4 s has no label with the same start and end on tier "Mary"/,
  ],
  ["unclosed flag", SHORT.replace("<exists>", "<exists"), /line 6: "<" is not closed on its line/],
];

for (const [name, text, message] of BAD) {
  test(`bad TextGrid is refused: ${name}`, () => {
    expect(() => fromTextGrid(text)).toThrow(InterchangeError);
    expect(() => fromTextGrid(text)).toThrow(message);
  });
}

test("bytes that are not UTF-8 are refused", () => {
  const bytes = new TextEncoder().encode(SHORT.replace('"there"', '"th?re"'));
  bytes[bytes.indexOf("?".charCodeAt(0))] = 0xe9; // Latin-1 é
  expect(() => fromTextGrid(bytes)).toThrow(/not valid UTF-8 text/);
  expect(() => fromTextGrid(Uint8Array.from([0xff, 0xfe, 0x46]))).toThrow(/not valid UTF-16LE text/);
});

test("documents that cannot be written are refused", () => {
  const base = DOCUMENTS["words only"]!;
  expect(() => toTextGrid({ ...base, fragments: [{ startMs: 5, endMs: 5, labels: [] }] })).toThrow(
    /fragment 1: times 5–5 ms/,
  );
  expect(() => toTextGrid({ ...base, fragments: [{ startMs: 0.5, endMs: 5, labels: [] }] })).toThrow(InterchangeError);
  expect(() => toTextGrid({ ...base, durationMs: -1 })).toThrow(InterchangeError);
  expect(() => toTextGrid({ ...base, layers: ["Words", " "] })).toThrow(/layer name is empty/);
  expect(() => toTextGrid({ ...base, layers: ["Words", "Words comments"] })).toThrow(
    /layer "Words comments" would read back as part of layer "Words"/,
  );
  expect(() => toTextGrid({ ...base, layers: ["Error", "Error (2)"] })).toThrow(
    /layer "Error \(2\)" would read back as part of layer "Error"/,
  );
  // Without the base layer there is no ambiguity.
  expect(() => toTextGrid({ ...base, layers: ["Words", "Error (2)", "Notes comments"] })).not.toThrow();
});
