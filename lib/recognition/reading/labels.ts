// The word labels of reading feedback (recognition.md, "Feedback label codes"): what each means
// and whether it counts as an error, written once for the server, the counting rules and the pages.

export const LABELS = {
  CW: { description: "Correct", explanation: "The word was read as written.", error: false },
  PC: {
    description: "Phonetic Change",
    explanation: "The word was read, but one or more of its sounds were changed.",
    error: true,
  },
  SW: { description: "Substitution", explanation: "Another word was read in its place.", error: true },
  DW: { description: "Deletion", explanation: "The word was not read.", error: true },
  IW: { description: "Insertion", explanation: "A word that is not in the text was read.", error: true },
  RW: { description: "Repetition", explanation: "The word was read more than once.", error: false },
  SC: { description: "Self-correction", explanation: "The reader made an error and corrected it.", error: false },
  NA: { description: "Not assessed", explanation: "No engine could judge this word.", error: false },
} as const;

export type Label = keyof typeof LABELS;

/** The original websocket's `error` field for a label (null when it is not one of its three). */
export function docsError(label: Label): "deletion" | "substitution" | "repetition" | null {
  return label === "DW" ? "deletion" : label === "SW" ? "substitution" : label === "RW" ? "repetition" : null;
}
