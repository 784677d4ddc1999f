import { expect, test } from "@playwright/test";
import { checkBands } from "./bands-form";

test("bands as typed: numbers parsed, problems named per band in words", () => {
  const ok = checkBands([
    { name: " Needs support ", belowWcpm: "60" },
    { name: "Developing", belowWcpm: "90.5" },
  ]);
  expect(ok.problems).toEqual([]);
  expect(ok.bands).toEqual([
    { name: "Needs support", belowWcpm: 60 },
    { name: "Developing", belowWcpm: 90.5 },
  ]);
  const bad = checkBands([
    { name: "", belowWcpm: "sixty" },
    { name: "A", belowWcpm: "0" },
    { name: "A", belowWcpm: "70" },
    { name: "B", belowWcpm: "70" },
  ]);
  expect(bad.problems).toEqual([
    "Band 1: give it a name",
    "Band 1: the threshold must be a number of words correct per minute",
    "Band 2: the threshold must be above 0 and at most 1000",
    "Band 3: the same name as band 2",
    "Band 4: the same threshold as band 3",
  ]);
  expect([...bad.badRows]).toEqual([0, 1, 2, 3]);
});
