import { expect, test } from "@playwright/test";
import { joinWithNext, splitSentenceAt, splitSentences, usualLanguage } from "./split-sentences";

test("a pasted passage splits at sentence ends and line breaks, not at abbreviations' inner dots", () => {
  expect(
    splitSentences("The cat sat on the mat.  It was 3.5 metres long!\nA line without a stop\n\nIs it? Yes."),
  ).toEqual(["The cat sat on the mat.", "It was 3.5 metres long!", "A line without a stop", "Is it?", "Yes."]);
  expect(splitSentences("  \n ")).toEqual([]);
});

test("a sentence is split at a position and joined with the next", () => {
  const s = ["One two three.", "Four."];
  expect(splitSentenceAt(s, 0, 7)).toEqual(["One two", "three.", "Four."]);
  expect(splitSentenceAt(s, 0, 0)).toEqual(s);
  expect(joinWithNext(s, 0)).toEqual(["One two three. Four."]);
  expect(joinWithNext(s, 1)).toEqual(s);
});

test("the usual language is the most common one", () => {
  expect(usualLanguage([{ language: "eng" }, { language: "nld" }, { language: "nld" }])).toBe("nld");
  expect(usualLanguage([{ language: "nld" }, { language: "eng" }])).toBe("eng");
  expect(usualLanguage([])).toBeNull();
});
