// Likeness to the reference recording, for reading aloud in a language no engine reads
// (lib/recognition/engines/template/sentence-likeness.mjs): does a sentence read as written come
// out more like the teacher's recording of it than a sentence replaced by another or left out?
// A Dutch corpus it generates: each text's reference read by espeak-ng "nl" (clean, each sentence
// rendered alone and joined with 0.4 s pauses, so its SRT cues are known); readings by other
// voices (BENCH_VOICES; sox pitch ±200 cents, tempo 0.9..1.15, speed 130..180, white/pink noise
// at BENCH_SNR dB), each text read three ways: as written, with one sentence replaced by another
// text's, and with one sentence left out. The likeness engine saw only "nl+f3" while it was made
// (its warps were checked on it); every voice is reported apart.
// Prints, per voice and overall: the sentences' similarity (median) read as written, replaced and
// left out; AUC, the chance that a sentence read as written scores above one not read (replaced
// or left out) of the same text and voice; how many read as written fall below 10 % and not read
// above it; and engine time per second of reading (one at a time, in this thread).
//
//   npx tsx bench/recognition/likeness-bench.ts
//   BENCH_VOICES=nl+f3,nl+m3,nl+f5,nl+m7,nl+klatt BENCH_SNR=15 BENCH_SEED=1 ...
// Prints figures; asserts nothing.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sentenceLikeness } from "../../lib/recognition/engines/template/sentence-likeness.mjs";
import { noiseBank, random, renderUtterance, type Utterance } from "./render-utterance";

const TEXTS = [
  ["De fiets is rood.", "De hond slaapt in de tuin.", "Morgen gaan we naar het strand."],
  ["Mijn zus woont in Utrecht.", "Zij werkt in een grote winkel.", "In het weekend fietst ze graag."],
  ["Het regent vandaag heel hard.", "Ik neem mijn paraplu mee.", "De bus komt om acht uur."],
  ["Wij eten soep met brood.", "Daarna drinken we thee.", "De kat ligt bij de kachel."],
  ["Op school leren we lezen.", "De juf leest een verhaal voor.", "Alle kinderen luisteren goed."],
  ["Opa heeft een oude boot.", "Hij vaart over de rivier.", "Soms vangt hij een vis."],
];
const VOICES = (process.env.BENCH_VOICES ?? "nl+f3,nl+m3,nl+f5,nl+m7,nl+klatt").split(",");
const SNR = Number(process.env.BENCH_SNR ?? 15);
const SEED = Number(process.env.BENCH_SEED ?? 1);
const PAUSE = 0.4;
const RATE = 16000;

type Kind = "read" | "replaced" | "left out";
type Row = { voice: string; text: number; kind: Kind; similarity: number | null };

const toFloat = (pcm: Int16Array) => Float32Array.from(pcm, (x) => x / 32768);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : Number.NaN;
};
const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

const dir = await fs.mkdtemp(path.join(os.tmpdir(), "likeness-bench-"));
try {
  const bank = await noiseBank(dir);
  const rows: Row[] = [];
  let engineMs = 0;
  let readingSeconds = 0;
  for (const [t, sentences] of TEXTS.entries()) {
    // The reference: each sentence alone, joined with pauses, so the cues are exact.
    const parts: Float32Array[] = [];
    for (const [i, text] of sentences.entries()) {
      const u: Utterance = { text, voice: "nl", speed: 160, pitch: 0, tempo: 1, noise: null };
      const { pcm } = await renderUtterance(u, path.join(dir, `ref-${t}-${i}.wav`), {
        bank,
        snrDb: 0,
        rand: Math.random,
      });
      parts.push(toFloat(pcm));
    }
    const pause = new Float32Array(Math.round(PAUSE * RATE));
    const cues: { startMs: number; endMs: number }[] = [];
    const pieces: Float32Array[] = [pause];
    let at = pause.length;
    for (const p of parts) {
      cues.push({ startMs: (at / RATE) * 1000, endMs: ((at + p.length) / RATE) * 1000 });
      pieces.push(p, pause);
      at += p.length + pause.length;
    }
    const reference = new Float32Array(at);
    let k = 0;
    for (const p of pieces) {
      reference.set(p, k);
      k += p.length;
    }

    for (const [v, voice] of VOICES.entries()) {
      const rand = random(SEED, `likeness/${t}/${voice}`);
      const target = 1 + Math.floor(rand() * (sentences.length - 1)); // never the first sentence
      const other = TEXTS[(t + 1) % TEXTS.length]![target]!;
      const readings: [Kind | "as written", string[]][] = [
        ["as written", sentences],
        ["replaced", sentences.map((s, i) => (i === target ? other : s))],
        ["left out", sentences.filter((_, i) => i !== target)],
      ];
      for (const [r, [how, texts]] of readings.entries()) {
        const u: Utterance = {
          text: texts.join(" "),
          voice,
          speed: 130 + Math.round(rand() * 50),
          pitch: Math.round(rand() * 400 - 200),
          tempo: 0.9 + Math.round(rand() * 25) / 100,
          noise: (t + v + r) % 2 ? "white" : "pink",
        };
        const { pcm, seconds } = await renderUtterance(u, path.join(dir, `read-${t}-${v}-${r}.wav`), {
          bank,
          snrDb: SNR,
          rand,
        });
        const started = performance.now();
        const found = sentenceLikeness(toFloat(pcm), reference, cues);
        engineMs += performance.now() - started;
        readingSeconds += seconds;
        for (const [i, f] of found.entries()) {
          const kind: Kind = how === "as written" || i !== target ? "read" : (how as Kind);
          rows.push({ voice, text: t, kind, similarity: f?.similarity ?? null });
        }
      }
    }
  }

  const report = (label: string, mine: Row[]) => {
    const of = (kind: Kind) => mine.filter((r) => r.kind === kind).map((r) => r.similarity ?? 0);
    const read = mine.filter((r) => r.kind === "read");
    const notRead = mine.filter((r) => r.kind !== "read");
    let above = 0;
    let pairs = 0;
    for (const a of read)
      for (const b of notRead) {
        if (a.voice !== b.voice || a.text !== b.text) continue;
        pairs++;
        const [x, y] = [a.similarity ?? 0, b.similarity ?? 0];
        above += x > y ? 1 : x === y ? 0.5 : 0;
      }
    const low = of("read").filter((x) => x < 0.1).length;
    const high = [...of("replaced"), ...of("left out")].filter((x) => x >= 0.1).length;
    const nulls = mine.filter((r) => r.similarity === null).length;
    console.log(
      `  ${label.padEnd(10)} median read ${pct(median(of("read")))}, replaced ${pct(median(of("replaced")))}, left out ${pct(median(of("left out")))}; ` +
        `AUC ${pairs ? (above / pairs).toFixed(3) : "–"} (${pairs} pairs); read below 10 %: ${low}/${of("read").length}, not read at 10 % or more: ${high}/${notRead.length}` +
        (nulls ? `; not compared ${nulls}` : ""),
    );
  };
  console.log(
    `Likeness to the reference recording (nld): ${TEXTS.length} texts of 3 sentences, reference espeak-ng "nl" clean; ` +
      `readers ${VOICES.join(", ")}; noise white/pink at ${SNR} dB SNR; seed ${SEED}`,
  );
  for (const voice of VOICES)
    report(
      voice + (voice === "nl+f3" ? "*" : ""),
      rows.filter((r) => r.voice === voice),
    );
  report("all", rows);
  console.log(`  * the voice the warps were checked on while the engine was made`);
  console.log(
    `  time: ${(engineMs / 1000 / readingSeconds).toFixed(3)} s per s of reading (${readingSeconds.toFixed(0)} s in ${TEXTS.length * VOICES.length * 3} readings)`,
  );
} finally {
  await fs.rm(dir, { recursive: true, force: true });
}
