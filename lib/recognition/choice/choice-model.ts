import type { ChoiceGrammar } from "../recogniser";

// What preparing a choice challenge stores for the recognition server (the challenge's
// "grammar" file, shown to admins as grammarUrl): the grammar, and what the chosen engine built
// from the choices (reference features, a JSGF grammar). When no engine could prepare the
// challenge, `recogniser.engine` is null and `reason` says why in words.

export type ChoiceModel = ChoiceGrammar & {
  recogniser: { engine: string | null; reason: string | null; prepared: unknown };
};
