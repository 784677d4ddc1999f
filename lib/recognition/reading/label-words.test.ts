import { expect, test } from "@playwright/test";
import { type ExpectedWord, type Heard, labelWords } from "./label-words";

const expected = (text: string): ExpectedWord[] =>
  text.split(" ").map((t, i) => ({ sentenceIndex: 0, textIndex: i, text: t }));
const heard = (text: string): Heard[] =>
  text
    .split(" ")
    .filter(Boolean)
    .map((word, i) => ({ word, startMs: i * 500, endMs: i * 500 + 400, confidence: 0.9 }));
const labels = (e: string, h: string, changed?: (i: number) => boolean) =>
  labelWords(expected(e), heard(h), changed).map((w) => `${w.expected || "+"}:${w.recognized ?? "-"}:${w.label}`);

test("a text read as written is correct word for word, with the heard timings", () => {
  const words = labelWords(expected("The cat sat."), heard("the cat sat"));
  expect(words.map((w) => w.label)).toEqual(["CW", "CW", "CW"]);
  expect(words[1]).toMatchObject({
    expected: "cat",
    recognized: "cat",
    startTiming: 500,
    endTiming: 900,
    description: "Correct",
  });
});

test("a missed word is a deletion with recognized null, at the place it was skipped", () => {
  const words = labelWords(expected("the big cat sat"), heard("the cat sat"));
  expect(words.map((w) => w.label)).toEqual(["CW", "DW", "CW", "CW"]);
  expect(words[1]).toMatchObject({ expected: "big", recognized: null, startTiming: 400, endTiming: 400 });
});

test("another word read in place of the expected one is a substitution", () => {
  expect(labels("the cat sat", "the dog sat")).toEqual(["the:the:CW", "cat:dog:SW", "sat:sat:CW"]);
});

test("an extra word is an insertion with an empty expected word", () => {
  expect(labels("the cat sat", "the cat really sat")).toEqual([
    "the:the:CW",
    "cat:cat:CW",
    "+:really:IW",
    "sat:sat:CW",
  ]);
});

test("a word read twice is a repetition, not an error", () => {
  expect(labels("the cat sat", "the cat cat sat")).toEqual(["the:the:CW", "+:cat:RW", "cat:cat:CW", "sat:sat:CW"]);
  expect(labels("the cat sat", "the the cat sat")).toEqual(["+:the:RW", "the:the:CW", "cat:cat:CW", "sat:sat:CW"]);
});

test("a word repeated in place of the next one is a repetition and a deletion, not two substitutions", () => {
  expect(labels("He ran the last part", "He ran ran the part")).toEqual([
    "He:He:CW",
    "+:ran:RW",
    "ran:ran:CW",
    "the:the:CW",
    "last:-:DW",
    "part:part:CW",
  ]);
  // A word really read in place of another stays a substitution, even when it repeats a neighbour.
  expect(labels("the cat sat", "the the sat")).toEqual(["the:the:CW", "cat:the:SW", "sat:sat:CW"]);
});

test("a false start corrected at once is a self-correction", () => {
  expect(labels("the house is red", "the hou house is red")).toEqual([
    "the:the:CW",
    "+:hou:SC",
    "house:house:CW",
    "is:is:CW",
    "red:red:CW",
  ]);
});

test("a word read with changed sounds is a phonetic change", () => {
  expect(labels("the cat sat", "the cat sat", (i) => i === 1)).toEqual(["the:the:CW", "cat:cat:PC", "sat:sat:CW"]);
});

test("punctuation and case do not matter; nothing heard deletes every word", () => {
  expect(labels("Hello, world!", "hello world")).toEqual(["Hello,:hello:CW", "world!:world:CW"]);
  expect(labels("one two", "")).toEqual(["one:-:DW", "two:-:DW"]);
});
