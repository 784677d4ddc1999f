// The choices as the pocketsphinx grammar takes them (PocketsphinxEngine.prepare): each choice's
// words, and the spellings the lexicon op found for them; unusable choices throw GrammarError.
import { GrammarError, normaliseChoice } from "../../recogniser";
import type { ChoiceInput } from "../types";
import { POCKETSPHINX_ENGINE } from "./pocketsphinx-types";

/** What sphinx-server.py's lexicon op answers for the choices' words. */
export type LexiconAnswer = {
  prons: Record<string, { phones: string; source: string }>;
  missing: Record<string, string>;
  jsgf: string;
};

/** Each choice's words, in the challenge's order. Throws GrammarError for unusable choices. */
export function choiceWords(input: ChoiceInput): string[][] {
  if (input.language.toLowerCase() !== "eng")
    throw new GrammarError(`${POCKETSPHINX_ENGINE} recognises English only, not "${input.language}"`);
  if (input.choices.length === 0) throw new GrammarError("a choice challenge needs at least one choice");
  const seen = new Map<string, number>();
  return input.choices.map(({ text }, index) => {
    const words = normaliseChoice(text).map((w) => w.replace(/’/g, "'"));
    if (words.length === 0) throw new GrammarError(`choice ${index + 1} ("${text}") has no words to recognise`);
    const twin = seen.get(words.join(" "));
    if (twin !== undefined) throw new GrammarError(`choices ${twin + 1} and ${index + 1} are the same words`);
    seen.set(words.join(" "), index);
    return words;
  });
}

/** The phones of the words CMUdict lacks. Throws GrammarError when a word has no spelling at all. */
export function spelledProns(found: LexiconAnswer): Record<string, string> {
  const missing = Object.values(found.missing);
  if (missing.length) throw new GrammarError(`cannot pronounce every word: ${missing.join("; ")}`);
  return Object.fromEntries(
    Object.entries(found.prons)
      .filter(([, p]) => p.source !== "dictionary")
      .map(([word, p]) => [word, p.phones]),
  );
}
