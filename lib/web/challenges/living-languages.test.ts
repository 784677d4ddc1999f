import { expect, test } from "@playwright/test";
import { iso6392 } from "iso-639-2";
import { iso6393 } from "iso-639-3";
import { LANGUAGE_OPTIONS, searchLanguages } from "./language-options";
import { LIVING_LANGUAGE_CODES } from "./living-languages";

test("the living codes are those ISO 639-3 calls living, among the picker's codes", () => {
  const living = new Set(
    iso6393.filter((l) => l.type === "living").flatMap((l) => [l.iso6392B, l.iso6392T].filter(Boolean)),
  );
  const expected = iso6392
    .filter((l) => !l.iso6392B.includes("-"))
    .map((l) => l.iso6392T ?? l.iso6392B)
    .filter((code) => living.has(code))
    .sort();
  expect([...LIVING_LANGUAGE_CODES].sort()).toEqual(expected);
  expect(LIVING_LANGUAGE_CODES.has("nld")).toBe(true);
  expect(LIVING_LANGUAGE_CODES.has("dum")).toBe(false);
});

test("living languages come first: typing Dutch or English finds the living one before the historical ones", () => {
  expect(searchLanguages("Dutch").map((o) => o.code)).toEqual(["nld", "dum"]);
  expect(searchLanguages("english")[0].code).toBe("eng");
  expect(searchLanguages("Greek").map((o) => o.code)).toEqual(["ell", "grc"]);
  // An exact code still wins, living or not.
  expect(searchLanguages("dum")[0].code).toBe("dum");
  // The whole list: every living language before the others.
  const firstOther = LANGUAGE_OPTIONS.findIndex((o) => !LIVING_LANGUAGE_CODES.has(o.code));
  expect(firstOther).toBeGreaterThan(100);
  expect(LANGUAGE_OPTIONS.slice(firstOther).some((o) => LIVING_LANGUAGE_CODES.has(o.code))).toBe(false);
});
