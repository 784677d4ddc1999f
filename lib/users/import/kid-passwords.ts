import { randomInt } from "node:crypto";
import { KID_WORDS, KID_WORDS_NL } from "./kid-words";

// Passwords children can type: two short, common words of the organisation's language and a
// two-digit number, "tiger-plant-47" or "tijger-bloem-47" (Dutch and English lists; other
// languages get English). The words are small curated lists (kid-words.ts): the well-kept
// published lists, EFF's diceware and BIP39, hold words like "abrasive" or "unkempt" that a
// ten-year-old cannot spell. Every word is lower case, 3-6 letters, without look-alike letter pairs, and the
// digits avoid 0 and 1 (read as O and l). 256 × 256 × 64 ≈ 4.2 million passwords (22 bits):
// guessing online meets the sign-in throttle (LOGIN_MAX_FAILURES, doubling locks), and an
// administrator sets a new one when a sheet is lost.

export type PasswordLanguage = "nl" | "en";

export const KID_WORD_LISTS: Record<PasswordLanguage, readonly string[]> = { en: KID_WORDS, nl: KID_WORDS_NL };

/** The word list for a language code ("nl", "nl-NL", "nld", "dut" → Dutch; anything else English). */
export function passwordLanguage(code: string | null | undefined): PasswordLanguage {
  const c = (code ?? "").trim().toLowerCase();
  return /^(nl|nld|dut)([-_].*)?$/.test(c) ? "nl" : "en";
}

const DIGITS = "23456789";

export function kidPassword(language: PasswordLanguage = "en"): string {
  const list = KID_WORD_LISTS[language];
  const word = () => list[randomInt(list.length)];
  let second = word();
  const first = word();
  while (second === first) second = word();
  return `${first}-${second}-${DIGITS[randomInt(DIGITS.length)]}${DIGITS[randomInt(DIGITS.length)]}`;
}
