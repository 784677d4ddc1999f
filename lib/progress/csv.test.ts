import { expect, test } from "@playwright/test";
import { defuse } from "./csv";

test("cells a spreadsheet would run as formulas get a leading apostrophe; others are unchanged", () => {
  for (const v of ["=1+1", "+31 6", "-2", "@SUM(A1)", "\tx", "\rx", '=HYPERLINK("http://x")'])
    expect(defuse(v)).toBe(`'${v}`);
  for (const v of ["Ann", "van der Berg", "1=1", "a-b", "", "'quoted"]) expect(defuse(v)).toBe(v);
});
