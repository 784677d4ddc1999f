// The recogniser-facing part of challenge preparation, behind one interface so a real
// recognition back-end can plug in. The recognitions themselves run on a separate
// websocket server; what we prepare for it is the grammar of a choice challenge.

export type ChoiceGrammar = {
  format: "choice-grammar/v1";
  backend: string;
  language: string;
  choices: { index: number; text: string; words: string[]; pronunciations: Record<string, string[]> | null }[];
};

/** Pronunciations per word, where a lexicon for the language is available. */
export interface Lexicon {
  pronunciations(language: string, word: string): Promise<string[] | null>;
}

export interface RecognitionBackend {
  readonly name: string;
  /** Builds the grammar of a choice challenge; throws GrammarError when the choices cannot form one. */
  prepareChoiceGrammar(input: { language: string; choices: string[] }): Promise<ChoiceGrammar>;
}

/**
 * The choices cannot form a grammar. Recognised by name: engines are shared through globalThis by
 * the several copies of this module in Next's bundles, each with its own class (lib/workers/pool.ts).
 */
export class GrammarError extends Error {
  static [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof Error && value.name === "GrammarError";
  }
  override name = "GrammarError";
}

/** Lower-case words without punctuation (apostrophes inside words stay: "don't"). */
export function normaliseChoice(text: string): string[] {
  return text
    .normalize("NFC")
    .toLocaleLowerCase()
    .replace(/[^\p{L}\p{N}'’\s-]+/gu, " ")
    .replace(/(^|\s)['’-]+|['’-]+(?=\s|$)/gu, " ")
    .split(/\s+/)
    .filter(Boolean);
}

const noLexicon: Lexicon = { pronunciations: async () => null };

/** Our built-in back-end: normalised word sequences, with pronunciations when a lexicon knows them. */
export function grammarBackend(lexicon: Lexicon = noLexicon): RecognitionBackend {
  return {
    name: "builtin-grammar",
    async prepareChoiceGrammar({ language, choices }) {
      const seen = new Map<string, number>();
      const out: ChoiceGrammar["choices"] = [];
      for (const [index, text] of choices.entries()) {
        const words = normaliseChoice(text);
        if (words.length === 0) throw new GrammarError(`choice ${index + 1} ("${text}") has no words to recognise`);
        const key = words.join(" ");
        const twin = seen.get(key);
        if (twin !== undefined)
          throw new GrammarError(
            `choices ${twin + 1} and ${index + 1} are the same sentence once normalised ("${key}")`,
          );
        seen.set(key, index);
        const pronunciations: Record<string, string[]> = {};
        for (const word of new Set(words)) {
          const p = await lexicon.pronunciations(language, word);
          if (p?.length) pronunciations[word] = p;
        }
        out.push({ index, text, words, pronunciations: Object.keys(pronunciations).length ? pronunciations : null });
      }
      return { format: "choice-grammar/v1", backend: "builtin-grammar", language, choices: out };
    },
  };
}
