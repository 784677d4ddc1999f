import { expect, test } from "@playwright/test";
import { attemptFragments } from "./attempt-fragments";
import type { ReadingWord } from "./count-reading";

const w = (expected: string, recognized: string | null, label: string, start: number, end: number): ReadingWord => ({
  expected,
  recognized,
  label,
  startTiming: start,
  endTiming: end,
});

test("an attempt's words become Words fragments, its non-CW labels Error and OutOfPrompt ones; deletions are left out", () => {
  const { fragments, untimed } = attemptFragments(
    [
      w("The", "the", "CW", 0, 300),
      w("big", null, "DW", 300, 300),
      w("dog", "dog", "CW", 400, 700),
      w("", "um", "IW", 800, 1000),
      w("ran", "run", "SW", 1100, 1400),
      w("ran", "ran", "SC", 1300, 1600),
      w("home", "home", "PC", 1700, 2100),
      w("fast", "fast", "NA", 0, 0),
      w("now", "now", "CW", 2900, 3200),
    ],
    3000,
  );
  expect(untimed).toBe(2);
  expect(fragments.map((f) => [f.startMs, f.endMs, f.labels.map((l) => `${l.layer}:${l.label}:${l.comment}`)])).toEqual(
    [
      [0, 300, ["Words:the:"]],
      [400, 700, ["Words:dog:"]],
      [800, 1000, ["Words:um:", "Error:Insertion:IW"]],
      [1100, 1400, ["Words:run:", "Error:Substitution:SW: “ran” read as “run”"]],
      // The self-correction overlapped the substitution: it starts where that one ends.
      [1400, 1600, ["Words:ran:", "OutOfPrompt:Correction:SC"]],
      [1700, 2100, ["Words:home:", "Error:Pronunciation:PC"]],
      // Clipped to the recording.
      [2900, 3000, ["Words:now:"]],
    ],
  );
});
