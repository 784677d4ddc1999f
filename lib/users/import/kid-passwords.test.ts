import { expect, test } from "@playwright/test";
import { KID_WORDS, kidPassword } from "./kid-passwords";

test("the word list: 256 distinct lower-case words of 3-7 letters", () => {
  expect(new Set(KID_WORDS).size).toBe(KID_WORDS.length);
  expect(KID_WORDS.length).toBe(256);
  for (const w of KID_WORDS) expect(w).toMatch(/^[a-z]{3,7}$/);
});

test("passwords are two different listed words and two digits without 0 or 1, and vary", () => {
  const seen = new Set<string>();
  for (let i = 0; i < 500; i++) {
    const p = kidPassword();
    const m = /^([a-z]+)-([a-z]+)-([2-9]{2})$/.exec(p);
    expect(m, p).not.toBeNull();
    expect(KID_WORDS).toContain(m![1]);
    expect(KID_WORDS).toContain(m![2]);
    expect(m![1]).not.toBe(m![2]);
    expect(p.length).toBeGreaterThanOrEqual(10);
    seen.add(p);
  }
  expect(seen.size).toBeGreaterThan(490);
});
