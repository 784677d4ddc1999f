// Strong passwords made in the browser (crypto.getRandomValues), shown once after they are
// sent. No look-alike characters (0/O, 1/l/I), so a password read aloud or copied by hand works.

const LOWER = "abcdefghijkmnpqrstuvwxyz";
const UPPER = "ABCDEFGHJKLMNPQRSTUVWXYZ";
const DIGITS = "23456789";
const SYMBOLS = "-_.!@#%+=";
const ALL = LOWER + UPPER + DIGITS + SYMBOLS;

/** A uniformly random index below `n` (rejection sampling: no modulo bias). */
function randomIndex(n: number): number {
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  const buf = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buf);
    if (buf[0] < limit) return buf[0] % n;
  }
}

const pick = (set: string) => set[randomIndex(set.length)];

/** `length` characters (at least 12) with at least one of each kind: about 6 bits each. */
export function generatePassword(length = 20): string {
  const n = Math.max(12, length);
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SYMBOLS)];
  while (chars.length < n) chars.push(pick(ALL));
  // Fisher–Yates, so the guaranteed kinds are not always first.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomIndex(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join("");
}
