import { expect, test } from "@playwright/test";
import { GrammarError, grammarBackend, normaliseChoice } from "./recogniser";

test("choices are normalised to lower-case words without punctuation", () => {
  expect(normaliseChoice("  Hello, World! ")).toEqual(["hello", "world"]);
  expect(normaliseChoice("I don't know — 'maybe'.")).toEqual(["i", "don't", "know", "maybe"]);
  expect(normaliseChoice("Één twee, DRIE?")).toEqual(["één", "twee", "drie"]);
  expect(normaliseChoice("?!…")).toEqual([]);
});

test("the grammar lists each choice's words and uses a lexicon when there is one", async () => {
  const lexicon = { pronunciations: async (_: string, w: string) => (w === "yes" ? ["j ɛ s"] : null) };
  const grammar = await grammarBackend(lexicon).prepareChoiceGrammar({
    language: "eng",
    choices: ["Yes!", "No, thanks"],
  });
  expect(grammar.choices).toEqual([
    { index: 0, text: "Yes!", words: ["yes"], pronunciations: { yes: ["j ɛ s"] } },
    { index: 1, text: "No, thanks", words: ["no", "thanks"], pronunciations: null },
  ]);
});

test("choices without words, or the same once normalised, cannot form a grammar", async () => {
  const backend = grammarBackend();
  await expect(backend.prepareChoiceGrammar({ language: "eng", choices: ["ok", "!!!"] })).rejects.toThrow(GrammarError);
  await expect(backend.prepareChoiceGrammar({ language: "eng", choices: ["Yes.", "yes"] })).rejects.toThrow(
    /choices 1 and 2/,
  );
});
