// What recognise() answers once the grammar's choice has been weighed against the phone loop
// (choice-llr.ts): the choice or null, how sure, and the detail kept for teachers.
import type { ChoiceResult } from "../types";
import type { ChoiceWeighing } from "./choice-llr";
import { POCKETSPHINX_ENGINE } from "./pocketsphinx-types";

const logistic = (x: number) => 1 / (1 + Math.exp(-x));

/** The result for the grammar's choice `index` of `choices`, weighed as `w` with these thresholds. */
export function choiceVerdict(
  choices: string[][],
  index: number,
  w: ChoiceWeighing,
  thresholds: { llr: number; wordLlr: number },
  ms: number,
): ChoiceResult {
  const { llr: threshold, wordLlr: wordThreshold } = thresholds;
  // Sure it is in the set: the ratio and its worst word's well above their thresholds. (The grammar
  // chose between the choices; a runner-up margin would cost a third search of the answer.)
  const inSet = Math.min(
    logistic(2 * (w.llr - threshold)),
    w.worst ? logistic(2 * (w.worst.llr - wordThreshold)) : 1,
    w.pause ? logistic(2 * (w.pause.llr - wordThreshold)) : 1,
  );
  const verdict = w.accepted
    ? "accepted"
    : w.llr < threshold
      ? `rejected: below ${threshold}`
      : w.worst && w.worst.llr < wordThreshold
        ? `rejected: "${w.worst.word}" below ${wordThreshold}`
        : `rejected: a pause where the phone loop hears speech (frames ${w.pause?.start}..${w.pause?.end}) below ${wordThreshold}`;
  const weakest = w.worst ? `; worst word "${w.worst.word}" at ${w.worst.llr.toFixed(2)}` : "";
  return {
    choice: w.accepted ? index : null,
    confidence: Number((w.accepted ? inSet : 1 - inSet).toFixed(3)),
    engine: POCKETSPHINX_ENGINE,
    ms,
    detail: `best "${choices[index]!.join(" ")}" at ${w.llr.toFixed(2)} nats/frame against a free phone loop (${verdict})${weakest}`,
  };
}
