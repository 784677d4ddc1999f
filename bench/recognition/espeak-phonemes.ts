// espeak-ng's phonemes of a text, and exact mispronunciations spoken from them. `espeak-ng -q -x
// --sep=_ -v VOICE TEXT` prints the phoneme mnemonics of each word (words apart by spaces, phonemes
// by "_", stress marks in front of a syllable's vowel); the same mnemonics between [[ ]] are spoken
// as written, so one phoneme replaced there is a known, single substitution at a known index.
// Every substituted text is checked by printing its phonemes again.
import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);
const STRESS = /^[',%=]+/;

/** A phoneme mnemonic without its stress marks. */
export const bare = (token: string) => token.replace(STRESS, "");

/** The phonemes (with stress marks) of each word of `text`, as `voice` speaks it. */
export async function phonemesOf(voice: string, text: string): Promise<string[][]> {
  const { stdout } = await run("espeak-ng", ["-q", "-x", "--sep=_", "-v", voice, text]);
  return stdout
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.split("_").filter(Boolean));
}

export type Spoken = {
  /** What espeak-ng is given: the text with the target word as [[phonemes]]. */
  text: string;
  /** The target word's phonemes as spoken, without stress marks. */
  phonemes: string[];
  /** The index of the substituted phoneme in `phonemes`. */
  index: number;
};

/**
 * `text` with word `target` (index `wordIndex` of the text's words) spoken with its first `from`
 * phoneme replaced by `to`, keeping the stress mark; null when this voice does not say `from` in
 * it, or when espeak-ng does not read the result back as exactly that substitution.
 */
export async function substitutedText(
  voice: string,
  text: string,
  wordIndex: number,
  from: string,
  to: string,
): Promise<Spoken | null> {
  const words = text.split(/\s+/);
  const [tokens] = await phonemesOf(voice, words[wordIndex]!);
  const index = tokens?.findIndex((t) => bare(t) === from) ?? -1;
  if (!tokens || index < 0) return null;
  const changed = tokens.map((t, i) => (i === index ? `${t.match(STRESS)?.[0] ?? ""}${to}` : t));
  const spoken = words.map((w, i) => (i === wordIndex ? `[[${changed.join("")}]]` : w)).join(" ");
  // The check: the spoken text's phonemes hold the changed word exactly (no mnemonic ran into its neighbour).
  const heard = await phonemesOf(voice, spoken);
  if (!heard.some((w) => w.join("_") === changed.join("_"))) return null;
  return { text: spoken, phonemes: changed.map(bare), index };
}

/** The phonemes (without stress marks) of word `wordIndex` of `text`, said on its own by `voice`. */
export async function wordPhonemes(voice: string, text: string, wordIndex: number): Promise<string[]> {
  const [tokens] = await phonemesOf(voice, text.split(/\s+/)[wordIndex]!);
  return (tokens ?? []).map(bare);
}
