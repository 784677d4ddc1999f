// Which letters of an English word became which of its CMU (ARPAbet) phones: a small dynamic
// programme over letters and phones, with a table of the usual spellings of each sound and dear
// fallbacks for anything else, so every word gets chunks even when its spelling is odd. Letters
// that became no sound (silent e, the k of "knee" outside the table) join the chunk before them.

type Rule = [phones: string, cost: number];

const VOWELS = new Set("AA AE AH AO AW AY EH ER EY IH IY OW OY UH UW".split(" "));

/** Usual spellings: grapheme -> "PHONES:cost" alternatives (cost 0 is the usual reading). */
const TABLE = `
tch=CH dge=JH igh=AY ough=AO,OW,UW,AW:.3,AH_F:.3 augh=AO,AE_F:.3 eigh=EY tion=SH_AH_N sion=ZH_AH_N,SH_AH_N
sh=SH ch=CH,K:.3,SH:.3 th=TH,DH ng=NG,NG_G:.3 nk=NG_K ph=F gh=G:.5,F:.5 ck=K wh=W,HH:.5 kn=N wr=R gn=N:.5
mb=M:.5 qu=K_W,K:.5 x=K_S,G_Z,Z:.5 ee=IY ea=IY,EH:.3,EY:.5 oo=UW,UH,AH:.5 ou=AW,UW:.3,AH:.5,OW:.5
ow=OW,AW ai=EY ay=EY ei=EY,IY:.3 ey=EY,IY oa=OW oi=OY oy=OY au=AO,AA aw=AO,AA ew=UW,Y_UW ie=IY,AY
ue=UW,Y_UW er=ER ir=ER ur=ER ear=ER:.3 or=ER:.3,AO_R:.3 ar=ER:.3,AA_R:.3 our=ER:.5,AW_ER:.5 ti=SH:.3
ci=SH:.3 si=ZH:.3,SH:.3 le=AH_L:.2 cc=K,K_S bb=B dd=D ff=F gg=G ll=L mm=M nn=N pp=P rr=R ss=S tt=T zz=Z
b=B c=K,S d=D,T:.3 f=F g=G,JH h=HH j=JH k=K l=L m=M n=N,NG:.3 p=P q=K r=R s=S,Z,SH:.5,ZH:.5
t=T,SH:.5,CH:.5 v=V w=W y=Y,IY,AY,IH z=Z,S:.5 u=Y_UW:.3,W:1 o=W_AH:1`;

const RULES = new Map<string, Rule[]>();
for (const entry of TABLE.trim().split(/\s+/)) {
  const [grapheme, alternatives] = entry.split("=") as [string, string];
  RULES.set(
    grapheme,
    alternatives.split(",").map((alt) => {
      const [phones, cost] = alt.split(":");
      return [phones!.replace(/_/g, " "), cost ? Number(cost) : 0];
    }),
  );
}
const LONGEST = Math.max(...[...RULES.keys()].map((g) => g.length));
const VOWEL_LETTERS = /[aeiouy]/;

// Fallback costs: a vowel letter for any vowel is cheap (English vowels are spelled every way),
// a letter for an unrelated sound or for several is dear, silence is cheap only for e and h.
const ANY_VOWEL = 0.5;
const ANY_PHONE = 3;
const EXTRA_PHONE = 3;
const SILENT = (letter: string) => (letter === "e" ? 0.6 : letter === "h" ? 1 : 2.5);

type Step = { letters: [number, number]; phones: [number, number] };

/** Grapheme chunks of `word` for `phones`: every character in one chunk, every phone in one chunk. */
export function graphemeChunks(word: string, phones: string[]): { graphemes: string; phones: number[] }[] {
  // DP over letters and digits only; an apostrophe or hyphen goes with the letter before it.
  const at: number[] = [];
  for (const [i, ch] of [...word].entries()) if (/[\p{L}\p{N}]/u.test(ch)) at.push(i);
  const chars = [...word];
  const letters = at.map((i) => chars[i]!.toLowerCase());
  const steps = letters.length && phones.length ? align(letters, phones) : null;
  const whole = [{ graphemes: word, phones: phones.map((_, i) => i) }];
  if (!steps) return whole;
  // Silent letters join the chunk before them (the first chunk's, if the word starts with them).
  const merged: Step[] = [];
  for (const step of steps) {
    const last = merged.at(-1);
    if (last && (step.phones[0] === step.phones[1] || last.phones[0] === last.phones[1])) {
      last.letters[1] = step.letters[1];
      last.phones[1] = step.phones[1];
    } else merged.push({ letters: [...step.letters], phones: [...step.phones] });
  }
  return merged.map((step, k) => {
    const from = k === 0 ? 0 : at[step.letters[0]]!;
    const to = k === merged.length - 1 ? chars.length : at[merged[k + 1]!.letters[0]]!;
    const indices = Array.from({ length: step.phones[1] - step.phones[0] }, (_, i) => step.phones[0] + i);
    return { graphemes: chars.slice(from, to).join(""), phones: indices };
  });
}

function align(letters: string[], phones: string[]): Step[] | null {
  const n = letters.length;
  const m = phones.length;
  const cost = Array.from({ length: n + 1 }, () => new Float64Array(m + 1).fill(Number.POSITIVE_INFINITY));
  const back: (Step | null)[][] = Array.from({ length: n + 1 }, () => new Array<Step | null>(m + 1).fill(null));
  cost[0]![0] = 0;
  const relax = (i: number, j: number, g: number, k: number, c: number) => {
    if (i + g > n || j + k > m) return;
    const total = cost[i]![j]! + c;
    if (total < cost[i + g]![j + k]!) {
      cost[i + g]![j + k] = total;
      back[i + g]![j + k] = { letters: [i, i + g], phones: [j, j + k] };
    }
  };
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= m; j++) {
      if (cost[i]![j] === Number.POSITIVE_INFINITY) continue;
      for (let g = 1; g <= LONGEST && i + g <= n; g++) {
        for (const [seq, c] of RULES.get(letters.slice(i, i + g).join("")) ?? []) {
          const want = seq.split(" ");
          if (want.every((p, k) => phones[j + k] === p)) relax(i, j, g, want.length, c);
        }
      }
      const letter = letters[i]!;
      const vowelLetter = VOWEL_LETTERS.test(letter);
      relax(i, j, 1, 0, SILENT(letter));
      if (j < m) {
        relax(i, j, 1, 1, vowelLetter && VOWELS.has(phones[j]!) ? ANY_VOWEL : ANY_PHONE);
        relax(i, j, 1, 2, ANY_PHONE + EXTRA_PHONE);
        relax(i, j, 1, 3, ANY_PHONE + 2 * EXTRA_PHONE);
      }
    }
  }
  if (cost[n]![m] === Number.POSITIVE_INFINITY) return null;
  const steps: Step[] = [];
  for (let i = n, j = m; i > 0 || j > 0; ) {
    const step = back[i]![j]!;
    steps.push(step);
    [i, j] = [step.letters[0], step.phones[0]];
  }
  return steps.reverse();
}

const IPA: Record<string, string> = {
  AA: "ɑ",
  AE: "æ",
  AH: "ə",
  AO: "ɔ",
  AW: "aʊ",
  AY: "aɪ",
  B: "b",
  CH: "tʃ",
  D: "d",
  DH: "ð",
  EH: "ɛ",
  ER: "ɚ",
  EY: "eɪ",
  F: "f",
  G: "ɡ",
  HH: "h",
  IH: "ɪ",
  IY: "i",
  JH: "dʒ",
  K: "k",
  L: "l",
  M: "m",
  N: "n",
  NG: "ŋ",
  OW: "oʊ",
  OY: "ɔɪ",
  P: "p",
  R: "ɹ",
  S: "s",
  SH: "ʃ",
  T: "t",
  TH: "θ",
  UH: "ʊ",
  UW: "u",
  V: "v",
  W: "w",
  Y: "j",
  Z: "z",
  ZH: "ʒ",
};
const WEAK = new Set(["a", "the", "an", "to", "of", "and", "was"]);

/**
 * IPA of each phone of a word. CMUdict here has no stress marks, so stress is guessed: in a
 * one-vowel word (other than a few weak function words) AH is ʌ and ER is ɝ; elsewhere ə and ɚ,
 * except ER before the last vowel (ɝ in "person").
 */
export function ipaOf(word: string, phones: string[]): string[] {
  const vowels = phones.filter((p) => VOWELS.has(p)).length;
  const stressed = vowels === 1 && !WEAK.has(word.toLowerCase());
  let seen = 0;
  return phones.map((p) => {
    if (VOWELS.has(p)) seen++;
    if (p === "AH") return stressed ? "ʌ" : "ə";
    if (p === "ER") return stressed || seen < vowels ? "ɝ" : "ɚ";
    return IPA[p] ?? p.toLowerCase();
  });
}
