import { expect, test } from "@playwright/test";
import { choiceWords, spelledProns } from "./choice-words";

const choices = (...texts: string[]) => ({ language: "eng", choices: texts.map((text) => ({ text, audio: null })) });

test("each choice's words, or why the choices cannot form a grammar", () => {
  // A typographic apostrophe becomes the dictionary's plain one (so "don’t" and "don't" are one word).
  expect(choiceWords(choices("Don’t go!", "I go"))).toEqual([
    ["don't", "go"],
    ["i", "go"],
  ]);
  expect(() => choiceWords(choices("Don’t go", "don't go."))).toThrow("choices 1 and 2 are the same words");
  expect(() => choiceWords(choices("yes", "?!"))).toThrow('choice 2 ("?!") has no words to recognise');
  expect(() => choiceWords(choices())).toThrow("a choice challenge needs at least one choice");
  expect(() => choiceWords({ ...choices("ja"), language: "nld" })).toThrow('recognises English only, not "nld"');
});

test("only the spellings CMUdict lacks are kept, and a word with none refuses the choices", () => {
  const prons = {
    cat: { phones: "K AE T", source: "dictionary" },
    zorblax: { phones: "Z AO R B L AE K S", source: "espeak" },
  };
  expect(spelledProns({ prons, missing: {}, jsgf: "" })).toEqual({ zorblax: "Z AO R B L AE K S" });
  expect(() => spelledProns({ prons, missing: { xq: '"xq": no spelling' }, jsgf: "" })).toThrow(
    'cannot pronounce every word: "xq": no spelling',
  );
});
