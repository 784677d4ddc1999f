import { expect, test } from "@playwright/test";
import { clock, describeServerProblem } from "./problem-wording";

const sent = [
  { start: 0, end: 0.5, labels: [{ layer: "Words", label: "the", comment: "" }] },
  {
    start: 3.2,
    end: 3.9,
    labels: [
      { layer: "Words", label: "hello", comment: "" },
      { layer: "Error", label: "Maybe", comment: "" },
    ],
  },
  { start: 3.5, end: 4.215, labels: [{ layer: "Words", label: " ", comment: "" }] },
];

test("clock: m:ss with the decimals that matter", () => {
  expect(clock(3200)).toBe("0:03.2");
  expect(clock(3215)).toBe("0:03.215");
  expect(clock(63_250)).toBe("1:03.25");
  expect(clock(0)).toBe("0:00.0");
});

test("paths of labels name the tier, the label and the time", () => {
  expect(describeServerProblem('fragments.1.labels.1: "Maybe" is not a label of layer Error', sent)).toBe(
    'Error fragment “Maybe” at 0:03.2–0:03.9: "Maybe" is not a label of layer Error',
  );
  expect(describeServerProblem("fragments.2.labels.0.label: must not be empty", sent)).toBe(
    "Words fragment at 0:03.5–0:04.215: label must not be empty",
  );
});

test("fragment paths and overlaps: both fragments named, on the layer the message names", () => {
  expect(
    describeServerProblem("fragments.2 overlaps fragments.1 on layer Words, which does not allow overlaps", sent),
  ).toBe(
    "Words fragment at 0:03.5–0:04.215 overlaps Words fragment “hello” at 0:03.2–0:03.9 on layer Words, which does not allow overlaps",
  );
  expect(describeServerProblem("fragments.0: end (0.5 s) is after the end of the recording (0.4 s)", sent)).toBe(
    "Words fragment “the” at 0:00.0–0:00.5: end (0.5 s) is after the end of the recording (0.4 s)",
  );
  expect(describeServerProblem("fragments.0.end: must be at most a day", sent)).toBe(
    "Words fragment “the” at 0:00.0–0:00.5: end must be at most a day",
  );
});

test("no raw path is left; unknown indexes and other messages stay as they are", () => {
  const out = describeServerProblem("fragments.1.labels.0: x", sent);
  expect(out).not.toMatch(/fragments\.\d/);
  expect(describeServerProblem("fragments.9: x", sent)).toBe("fragments.9: x");
  expect(describeServerProblem("doneFull requires doneBase", sent)).toBe("doneFull requires doneBase");
});
