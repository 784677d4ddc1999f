import { LABELS, type Label } from "./labels";

// Labelling a reading: the words heard, aligned to the words expected (edit distance with
// word costs), then read as a teacher would: an extra word that repeats its neighbour is a
// repetition (RW), one that starts like the expected word right before it is read correctly is a
// self-correction (SC), other extras are insertions (IW); mismatches are substitutions (SW), missed
// words deletions (DW). A correctly read word whose sounds the engine heard as changed is PC.

export type ExpectedWord = { sentenceIndex: number; textIndex: number; text: string };
export type Heard = { word: string; startMs: number; endMs: number; confidence: number };

export type LabelledWord = {
  sentenceIndex: number;
  textIndex: number;
  expected: string;
  recognized: string | null;
  label: Label;
  description: string;
  explanation: string;
  startTiming: number;
  endTiming: number;
  /** The engine's confidence in what it heard (0..1); null for deletions. */
  confidence: number | null;
};

/** Lower case, letters and digits only: how two words are compared. */
export const normaliseWord = (w: string) =>
  w
    .normalize("NFC")
    .toLocaleLowerCase()
    .replace(/[^\p{L}\p{N}']/gu, "");

type Step = { kind: "match" | "sub" | "del" | "ins"; e?: number; h?: number };

/**
 * The cheapest alignment of heard words to expected words (match 0, substitution 1, gap 1). A
 * substitution by a word that repeats a neighbour (the heard word before or after it, or the
 * expected word before or after the one it replaces) costs a little more, never enough to change
 * the number of edits: so among alignments with as many edits, a repeated word is an insertion (a
 * repetition) plus a deletion rather than two substitutions ("He ran ran the part" for "He ran the
 * last part": RW, DW, not two SW).
 */
export function alignWords(expected: string[], heard: string[]): Step[] {
  const n = expected.length;
  const m = heard.length;
  const e = expected.map(normaliseWord);
  const h = heard.map(normaliseWord);
  // Below 1 summed over every possible substitution (at most min(n, m)): only breaks ties.
  const epsilon = 0.5 / (n + m + 1);
  /** The cost of heard word j-1 for expected word i-1. */
  const diagonal = (i: number, j: number) => {
    const w = h[j - 1]!;
    if (e[i - 1] === w) return 0;
    const repeats = h[j - 2] === w || h[j] === w || e[i - 2] === w || e[i] === w;
    return repeats ? 1 + epsilon : 1;
  };
  const cost = Array.from({ length: n + 1 }, () => new Float64Array(m + 1));
  for (let i = 0; i <= n; i++) cost[i]![0] = i;
  for (let j = 0; j <= m; j++) cost[0]![j] = j;
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      cost[i]![j] = Math.min(cost[i - 1]![j - 1]! + diagonal(i, j), cost[i - 1]![j]! + 1, cost[i]![j - 1]! + 1);
    }
  }
  const steps: Step[] = [];
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    if (i > 0 && j > 0 && cost[i]![j] === cost[i - 1]![j - 1]! + diagonal(i, j)) {
      steps.push({ kind: e[i - 1] === h[j - 1] ? "match" : "sub", e: --i, h: --j });
    } else if (i > 0 && cost[i]![j] === cost[i - 1]![j]! + 1) {
      steps.push({ kind: "del", e: --i });
    } else {
      steps.push({ kind: "ins", h: --j });
    }
  }
  return steps.reverse();
}

const startsLike = (a: string, b: string) => {
  const x = normaliseWord(a);
  const y = normaliseWord(b);
  return (
    x.length > 0 && y.length > 0 && (y.startsWith(x) || x.startsWith(y.slice(0, Math.max(2, Math.ceil(y.length / 2)))))
  );
};

/**
 * Labels every expected word, and every extra word heard, in reading order. `changed(e)` tells
 * whether the engine heard the sounds of expected word `e` changed although the word was read (PC).
 */
export function labelWords(
  expected: ExpectedWord[],
  heard: Heard[],
  changed: (expectedIndex: number) => boolean = () => false,
): LabelledWord[] {
  const steps = alignWords(
    expected.map((w) => w.text),
    heard.map((w) => w.word),
  );
  const out: LabelledWord[] = [];
  let lastEndMs = 0;
  for (const [k, step] of steps.entries()) {
    const h = step.h !== undefined ? heard[step.h]! : null;
    const e = step.e !== undefined ? expected[step.e]! : null;
    if (step.kind === "ins") {
      const prevHeard = step.h! > 0 ? heard[step.h! - 1]!.word : null;
      const next = steps.slice(k + 1).find((s) => s.kind !== "ins");
      const nextExpected = next?.e !== undefined ? expected[next.e]!.text : null;
      const repeats =
        (prevHeard && normaliseWord(prevHeard) === normaliseWord(h!.word)) ||
        (nextExpected && normaliseWord(nextExpected) === normaliseWord(h!.word));
      const corrected = next?.kind === "match" && nextExpected !== null && startsLike(h!.word, nextExpected);
      const label: Label = repeats ? "RW" : corrected ? "SC" : "IW";
      const at = out.at(-1) ?? expected[0];
      out.push(word(at?.sentenceIndex ?? 0, at?.textIndex ?? 0, "", h!.word, label, h!));
    } else if (step.kind === "del") {
      out.push({
        ...word(e!.sentenceIndex, e!.textIndex, e!.text, null, "DW", null),
        startTiming: lastEndMs,
        endTiming: lastEndMs,
      });
    } else {
      const label: Label = step.kind === "sub" ? "SW" : changed(step.e!) ? "PC" : "CW";
      out.push(word(e!.sentenceIndex, e!.textIndex, e!.text, h!.word, label, h!));
    }
    if (h) lastEndMs = h.endMs;
  }
  return out;
}

function word(
  sentenceIndex: number,
  textIndex: number,
  expected: string,
  recognized: string | null,
  label: Label,
  heard: Heard | null,
): LabelledWord {
  return {
    sentenceIndex,
    textIndex,
    expected,
    recognized,
    label,
    description: LABELS[label].description,
    explanation: LABELS[label].explanation,
    startTiming: heard ? Math.round(heard.startMs) : 0,
    endTiming: heard ? Math.round(heard.endMs) : 0,
    confidence: heard ? heard.confidence : null,
  };
}
