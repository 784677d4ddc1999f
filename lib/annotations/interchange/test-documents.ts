// Documents for the interchange round-trip tests (used by *.test.ts only).
import type { AnnotationDocument, Fragment, Label } from "./model";

const w = (label: string, comment = ""): Label => ({ layer: "Words", label, comment });
const e = (label: string, comment = ""): Label => ({ layer: "Error", label, comment });
const f = (startMs: number, endMs: number, ...labels: Label[]): Fragment => ({ startMs, endMs, labels });

export const DOCUMENTS: Record<string, AnnotationDocument> = {
  "words only": {
    name: "annotation-1",
    durationMs: 2000,
    layers: ["Words"],
    fragments: [f(100, 400, w("hello")), f(500, 900, w("world"))],
  },
  "multi-layer with gaps": {
    name: "annotation-2",
    durationMs: 5000,
    layers: ["Words", "Phones", "Error"],
    fragments: [
      f(0, 300, w("the"), { layer: "Phones", label: "ðə", comment: "" }),
      f(1200, 1800, w("cat"), e("substitution")),
      f(2500, 2600, { layer: "Phones", label: "t", comment: "" }),
      f(4000, 4100, { layer: "Tone", label: "H*", comment: "" }),
    ],
  },
  "overlapping errors": {
    name: "annotation-3",
    durationMs: 3000,
    layers: ["Words", "Error"],
    fragments: [
      f(0, 1000, w("one"), e("a")),
      f(500, 1500, e("b")),
      f(700, 900, e("c")),
      f(1000, 2000, e("d")),
      f(0, 1000, e("a-again")),
    ],
  },
  comments: {
    name: "annotation-4",
    durationMs: 3000,
    layers: ["Words", "Error"],
    fragments: [
      f(0, 500, w("ok"), e("pause", "too long")),
      f(400, 800, e("mispronounced", "")),
      f(400, 800, e("stress", "on the 2nd syllable")),
      f(900, 1000, w("fine", "   ")),
    ],
  },
  "quotes, unicode and markup": {
    name: "reference-rec1",
    durationMs: 4000,
    layers: ["Words", "Error"],
    fragments: [
      f(0, 1000, w('he said "hi"'), e('"quoted"', 'a "comment" & <b>bold</b>')),
      f(1000, 2000, w("ü ñ 中文 😀 ‏עברית"), e("a & b < c > d")),
      f(2000, 3000, w(" padded ", "tab\there"), e("line one\nline two\r\nthree")),
      f(3000, 3500, w('""'), e("--> ! [1] <exists> = :")),
    ],
  },
  "zero-gap adjacent intervals": {
    name: "annotation-6",
    durationMs: 1500,
    layers: ["Words"],
    fragments: [f(0, 1, w("a")), f(1, 2, w("b")), f(2, 1499, w("c")), f(1499, 1500, w("d"))],
  },
  "ending exactly at the duration": {
    name: "annotation-7",
    durationMs: 1234,
    layers: ["Words", "Error"],
    fragments: [f(1000, 1234, w("end"), e("x"))],
  },
  "ending after the duration": {
    name: "annotation-8",
    durationMs: 1000,
    layers: ["Words"],
    fragments: [f(900, 1777, w("late"))],
  },
  empty: { name: "annotation-9", durationMs: 2500, layers: ["Words"], fragments: [] },
  "no layers at all": { name: "annotation-10", durationMs: 2500, layers: [], fragments: [] },
  "odd milliseconds": {
    name: "annotation-11",
    durationMs: 61001,
    layers: ["Words"],
    fragments: [f(1, 999, w("x")), f(59999, 61001, w("y")), f(3_600_001, 3_600_123, w("z"))],
  },
};

/** A small seeded PRNG (mulberry32), so random documents are reproducible. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = [
  "a",
  "é",
  "中",
  "😀",
  '"',
  "&",
  "<",
  ">",
  " ",
  "\n",
  "\t",
  "-->",
  "!",
  "[",
  "]",
  "=",
  "'",
  "\r\n",
  "x y",
  "0.5",
  "&amp;",
];

/** A random valid document: overlaps, identical times, comments, labels of every awkward kind. */
export function randomDocument(seed: number): AnnotationDocument {
  const rnd = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;
  const text = () => {
    let s = pick(["w", "word", "Ü"]);
    for (let n = Math.floor(rnd() * 4); n > 0; n--) s += pick(PIECES);
    return s;
  };
  const fragments: Fragment[] = [];
  for (let n = Math.floor(rnd() * 12); n > 0; n--) {
    const startMs = Math.floor(rnd() * 5000);
    const endMs = startMs + 1 + Math.floor(rnd() * 800);
    const labels = Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => ({
      layer: pick(["Words", "Error", "Phones", "Extra"]),
      label: text(),
      comment: rnd() < 0.3 ? text() : "",
    }));
    fragments.push({ startMs, endMs, labels });
    if (rnd() < 0.2) fragments.push({ startMs, endMs, labels: [{ layer: "Error", label: text(), comment: "" }] });
  }
  return {
    name: `random-${seed}`,
    durationMs: Math.floor(rnd() * 6000),
    layers: ["Words", "Error", "Phones"],
    fragments,
  };
}
