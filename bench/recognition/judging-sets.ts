// What the judging benchmark (judging-bench.ts) has spoken: words and short sentences with exact
// single-phoneme substitutions (espeak-ng phoneme mnemonics, as `espeak-ng -x -v en-us cat` prints
// them), read-aloud texts with the word pools their reading errors draw from, and sentences for
// forced alignment; and the espeak-ng voices (voice+variant) that speak each part.

/** A substitution of one phoneme: `from` and `to` are espeak-ng mnemonics without stress marks. */
export type Substitution = { from: string; to: string; as: string };
/** A word (or a sentence and the word in it that is changed), and the changes it is spoken with. */
export type PronunciationItem = { text: string; target: string; subs: Substitution[] };

// "text | target: from>to as, ..."; a single word is its own target.
const PRONUNCIATION = `
cat: a>V cut, a>I kit, t>p cap
ship: I>i: sheep, S>s sip, p>n shin
think: T>s sink, T>f fink, I>a thank
very: v>b berry, v>w wery, E>a varry
light: l>r right, aI>eI late, t>d lied
sheep: i:>I ship, S>tS cheap, p>t sheet
thin: T>s sin, T>t tin, I>i: theen
bed: E>a bad, E>I bid, d>t bet
pen: E>a pan, E>I pin, p>b Ben
fan: f>v van, a>V fun, n>t fat
van: v>b ban, v>f fan, a>E ven
rice: r>l lice, s>z rise, aI>eI race
wet: w>v vet, E>a wat, t>d wed
bus: V>0 boss, s>z buzz, b>p pus
pig: p>b big, I>E peg, g>k pick
sit: I>i: seat, s>T thit, t>k sick
hot: 0>V hut, 0>a hat, h>n not
cup: V>a cap, V>0 cop, k>p pup
full: U>u: fool, f>p pull, l>n fun
three: T>t tree, T>s sree, i:>aI thry
sing: N>n sin, s>T thing, I>a sang
vest: v>b best, v>w west, E>a vast
fish: I>i: feesh, S>s fiss, f>d dish
red: r>l led, E>a rad, d>t ret
the ship is big | ship: I>i: sheep, S>tS chip
I like this cat | cat: a>V cut, k>b bat
the light is on | light: l>r right, aI>OI loyt
we think so | think: T>s sink, I>i: theenk
she has a red bed | bed: E>a bad, b>p pet
`;

/** The pronunciation items, parsed. */
export const PRONUNCIATION_ITEMS: PronunciationItem[] = PRONUNCIATION.trim()
  .split("\n")
  .map((line) => {
    const colon = line.indexOf(":");
    const head = line.slice(0, colon);
    const rest = line.slice(colon + 1);
    const [text, target] = head.includes("|") ? head.split("|").map((s) => s.trim()) : [head.trim(), head.trim()];
    const subs = rest.split(",").map((s) => {
      const [change, as] = s.trim().split(/\s+/) as [string, string];
      const [from, to] = change.split(">") as [string, string];
      return { from, to, as };
    });
    return { text: text!, target: target!, subs };
  });

/** Voices of the pronunciation answers (each correct item is spoken by several, each substitution by two). */
export const PRONUNCIATION_VOICES = ["en-us", "en-gb", "en-us+f3", "en+m3", "en-gb-scotland", "en-gb-x-rp"];

/** Read-aloud texts of 3–4 sentences. */
export const READING_TEXTS: string[][] = [
  [
    "The old man walked to the market on Monday.",
    "He bought bread, cheese and a bag of apples.",
    "On the way home it started to rain.",
    "He ran the last part of the road.",
  ],
  [
    "My sister has a small brown dog called Max.",
    "Every morning they go for a long walk in the park.",
    "Max likes to chase the birds near the pond.",
    "He never catches one.",
  ],
  [
    "Our school is next to a big green field.",
    "In the summer we play football there after lunch.",
    "The teacher rings a bell when it is time to go back inside.",
  ],
  [
    "Last night there was a storm over the town.",
    "The wind was so strong that a tree fell on a car.",
    "Nobody was hurt, but the road was closed until morning.",
  ],
  [
    "Tom wanted to bake a cake for his mother.",
    "He mixed flour, eggs, milk and sugar in a bowl.",
    "The cake was ready after forty minutes.",
    "It smelled wonderful.",
  ],
  [
    "The library opens at nine in the morning.",
    "Children can borrow three books at a time.",
    "On Saturdays a woman reads stories to the little ones.",
  ],
];

/** Words read in place of a text's word (none occurs in the texts). */
export const SUBSTITUTES = [
  "window",
  "yellow",
  "quickly",
  "garden",
  "paper",
  "river",
  "basket",
  "funny",
  "kitchen",
  "seven",
];
/** Words read in addition to the text's (none occurs in the texts). */
export const INSERTIONS = ["really", "very", "also", "just", "quite", "big", "then", "still"];

/** The reading errors per reading: expected words omitted, substituted, repeated, and words inserted. */
export const EDITS_PER_READING = { DW: 2, SW: 2, RW: 1, IW: 1 } as const;

/** Voices of the read-aloud answers (each text is read once per voice, with its own errors). */
export const READING_VOICES = ["en-us", "en-gb", "en-us+f3", "en+m3", "en-gb-scotland"];

/** Sentences whose words are synthesised one by one for forced alignment. */
export const ALIGNMENT_SENTENCES = [
  "the cat sat on the mat",
  "please open the window now",
  "my brother likes green apples",
  "we walked home after school",
  "the red bus stopped near the park",
  "she sings a song every morning",
  "five small fish swim in the pond",
  "turn left at the old church",
  "he drank a cup of hot tea",
  "the children played in the garden",
];

/**
 * Voices of the alignment sentences (each sentence in three, one per kind of gap). Only variants
 * whose words end cleanly: m2 and f2–f5 breathe on for 120–140 ms after a word at -25..-50 dB,
 * which leaves where the word ends a matter of opinion.
 */
export const ALIGNMENT_VOICES = ["en-us", "en-gb", "en-us+f1", "en+m3", "en-gb-x-rp", "en-gb-scotland"];
