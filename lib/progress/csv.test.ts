import { expect, test } from "@playwright/test";
import { defuse, localDateTime, wholePercentage } from "./csv";

test("cells a spreadsheet would run as formulas get a leading apostrophe; others are unchanged", () => {
  for (const v of ["=1+1", "+31 6", "-2", "@SUM(A1)", "\tx", "\rx", '=HYPERLINK("http://x")'])
    expect(defuse(v)).toBe(`'${v}`);
  for (const v of ["Ann", "van der Berg", "1=1", "a-b", "", "'quoted"]) expect(defuse(v)).toBe(v);
});

test("times are written as local date and minute in the requested time zone", () => {
  const ms = Date.UTC(2026, 10, 26, 15, 42, 30);
  expect(localDateTime(ms)).toBe("2026-11-26 15:42");
  expect(localDateTime(ms, "Europe/Amsterdam")).toBe("2026-11-26 16:42");
  expect(localDateTime(Date.UTC(2026, 5, 1, 23, 5), "Europe/Amsterdam")).toBe("2026-06-02 01:05");
});

test("completed percentages are whole numbers", () => {
  expect(wholePercentage(10, 14)).toBe(71);
  expect(wholePercentage(0, 0)).toBe(0);
  expect(wholePercentage(1, 3)).toBe(33);
});
