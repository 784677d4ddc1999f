import { expect, test } from "@playwright/test";
import { kidPassword, passwordLanguage } from "./kid-passwords";
import { KID_WORDS, KID_WORDS_NL } from "./kid-words";

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

test("the Dutch list: 256 distinct lower-case words of 3-7 letters; Dutch passwords use it", () => {
  expect(new Set(KID_WORDS_NL).size).toBe(256);
  for (const w of KID_WORDS_NL) expect(w).toMatch(/^[a-z]{3,7}$/);
  for (let i = 0; i < 100; i++) {
    const [a, b] = kidPassword("nl").split("-");
    expect(KID_WORDS_NL).toContain(a);
    expect(KID_WORDS_NL).toContain(b);
  }
});

test("language codes choose the list", () => {
  for (const c of ["nl", "nl-NL", "NLD", "dut", "nl_BE"]) expect(passwordLanguage(c)).toBe("nl");
  for (const c of ["en", "eng", "en-GB", "de", "", null, undefined, "nla"]) expect(passwordLanguage(c)).toBe("en");
});
