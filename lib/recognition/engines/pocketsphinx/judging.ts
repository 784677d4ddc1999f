// Pronunciation and reading aloud on the pocketsphinx processes of the choice engine: align()
// segments the text's phones with goodness of pronunciation (PocketsphinxEngine.phones) and
// groups them by the letters they came from; listen() hears which words of a text were read
// (PocketsphinxEngine.words). Both share the choice engine's processes and its availability.

import { refineEdgesAtPauses } from "../../audio/pause-edges";
import {
  type AlignmentResult,
  EngineError,
  type EngineInfo,
  type HeardWord,
  type Pcm,
  type PronunciationEngine,
  type ReadingEngine,
  type WordSegment,
} from "../types";
import { graphemeChunks, ipaOf } from "./grapheme-chunks";
import { POCKETSPHINX_ENGINE, type PocketsphinxEngine, pocketsphinxEngine } from "./pocketsphinx-engine";
import { addExtras, GAP_COSTS, GAPS_ON, gatherGaps } from "./reading-gaps";
import { gatherStretches, resolveStretches } from "./reading-stretches";
import { meanGop, slice, substitutionCandidates, VERIFY_GOP } from "./verify-reading";

/** Seconds per decoder frame. */
const FRAME = 0.01;
/** Confidence = exp(mean GOP / scale): the same scale as a phone's score in pronunciation/score.ts. */
const CONFIDENCE_SCALE = 4;

const round = (x: number, digits = 3) => Number(x.toFixed(digits));

/** The words of a text as shown (case kept): split on white space, punctuation around and inside dropped. */
export function textWords(text: string): string[] {
  return text
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "").replace(/[^\p{L}\p{N}'’-]/gu, ""))
    .filter((w) => w.length > 0);
}

/** How the recogniser spells a word: lower case, a plain apostrophe. */
export const sphinxWord = (w: string) => w.toLocaleLowerCase("en").replace(/’/g, "'");

async function infoOf(engine: PocketsphinxEngine): Promise<EngineInfo> {
  const { available, reason } = await engine.info();
  return { name: POCKETSPHINX_ENGINE, languages: ["eng"], available, ...(reason ? { reason } : {}) };
}

function checkLanguage(language: string) {
  if (language.toLowerCase() !== "eng")
    throw new EngineError(`${POCKETSPHINX_ENGINE} knows English only, not "${language}"`);
}

/** Word edges next to a pause put where the sound starts and ends, with the outer phones' edges. */
function moveEdgesToSound(words: WordSegment[], audio: Pcm) {
  const edges = refineEdgesAtPauses(words, audio);
  words.forEach((word, k) => {
    const phones = word.chunks.flatMap((c) => c.phones).sort((a, b) => a.start - b.start);
    if (phones.length === 0) return;
    const first = phones[0]!;
    const last = phones.at(-1)!;
    // A phone keeps at least one frame.
    const start = round(Math.min(edges[k]!.start, first.end - FRAME));
    const end = round(Math.max(edges[k]!.end, last.start + FRAME));
    first.start = word.start = start;
    last.end = word.end = end;
  });
}

/** Forced alignment with per-phone goodness of pronunciation, phones grouped by grapheme chunks. */
export function pocketsphinxPronunciation(engine: PocketsphinxEngine = pocketsphinxEngine()): PronunciationEngine {
  return {
    info: () => infoOf(engine),
    async align({ language, text, audio }, signal): Promise<AlignmentResult> {
      checkLanguage(language);
      const started = performance.now();
      const shown = textWords(text);
      if (shown.length === 0) throw new EngineError(`${POCKETSPHINX_ENGINE}: the text has no words to align`);
      const aligned = await engine.phones(shown.map(sphinxWord), audio, { signal });
      let frames = 0;
      let weighted = 0;
      const words: WordSegment[] = aligned.words.map((w, k) => {
        const symbols = w.phones.map((p) => p.phone);
        const ipa = ipaOf(w.word, symbols);
        const phones = w.phones.map((p, i) => {
          // phones() measures against a phone loop whose path may fit worse than the forced one;
          // the contract's GOP is ≤ 0 (0: the expected phone is the best there is).
          const gop = Math.min(0, p.gop);
          frames += p.end - p.start + 1;
          weighted += gop * (p.end - p.start + 1);
          const times = { start: round(p.start * FRAME), end: round((p.end + 1) * FRAME) };
          return { phone: p.phone, ipa: ipa[i]!, ...times, gop: round(gop) };
        });
        const chunks = graphemeChunks(shown[k]!, symbols).map((c) => ({
          graphemes: c.graphemes,
          phones: c.phones.map((i) => phones[i]!),
        }));
        return { word: shown[k]!, start: phones[0]!.start, end: phones.at(-1)!.end, chunks };
      });
      moveEdgesToSound(words, audio);
      const meanGop = frames ? weighted / frames : 0;
      const seconds = audio.samples.length / audio.sampleRate;
      const ms = Math.round(performance.now() - started);
      return {
        words,
        confidence: round(Math.exp(meanGop / CONFIDENCE_SCALE)),
        pruningLevel: 0,
        console:
          `${POCKETSPHINX_ENGINE}: aligned ${words.length} words, ${aligned.words.flatMap((w) => w.phones).length} phones ` +
          `in ${seconds.toFixed(1)} s of audio (${frames} speech frames); mean GOP ${meanGop.toFixed(2)} nats/frame`,
        engine: POCKETSPHINX_ENGINE,
        ms,
      };
    },
  };
}

/** The words heard when a text is read aloud, constrained by the text but open to other words. */
export function pocketsphinxReading(engine: PocketsphinxEngine = pocketsphinxEngine()): ReadingEngine {
  return {
    info: () => infoOf(engine),
    async listen({ language, expected, audio }, signal) {
      checkLanguage(language);
      const started = performance.now();
      const shown = expected.flatMap(textWords);
      if (shown.length === 0) return { words: [], engine: POCKETSPHINX_ENGINE, ms: 0 };
      // The recogniser answers in lower case; show a word as the text spells it when the text
      // spells it one way only ("Birds"), in lower case when it has several ("The" and "the").
      const display = new Map<string, string | null>();
      for (const w of shown) {
        const key = sphinxWord(w);
        display.set(key, display.has(key) && display.get(key) !== w ? null : w);
      }
      const keys = shown.map(sphinxWord);
      const { verified, evidence } = await hearReading(engine, keys, audio as Pcm, signal);
      const resolved = resolveStretches(keys, verified, evidence);
      // Repetitions and insertions the searches explained as nothing (reading-gaps.ts).
      const extras = GAPS_ON ? await gatherGaps(engine, keys, resolved, audio as Pcm, [GAP_COSTS], signal) : null;
      const words = (extras ? addExtras(keys, resolved, extras[0]!) : resolved).map((w) => ({
        word: display.get(w.word) || w.word,
        start: round(w.start),
        end: round(w.end),
        confidence: round(w.confidence),
      }));
      return { words, engine: POCKETSPHINX_ENGINE, ms: Math.round(performance.now() - started) };
    },
  };
}

/**
 * A reading heard (the reading search, then the one-word check: verify-reading.ts), and the
 * evidence on each stretch of candidate errors left (reading-stretches.ts), not yet decided.
 */
export async function hearReading(engine: PocketsphinxEngine, keys: string[], audio: Pcm, signal?: AbortSignal) {
  const heard = await engine.words(keys, audio, { signal });
  const said = heard.words.map((w) => w.word);
  // Verify before flagging (verify-reading.ts): a text word heard where another was expected.
  for (const c of substitutionCandidates(keys, said)) {
    const w = heard.words[c.heard]!;
    const span = slice(audio, w.start * FRAME, (w.end + 1) * FRAME);
    const aligned = await engine.phones([keys[c.expected]!], span, { signal }).catch(() => null);
    if (aligned && meanGop(aligned) > VERIFY_GOP) said[c.heard] = keys[c.expected]!;
  }
  const verified: HeardWord[] = heard.words.map((w, i) => ({
    word: said[i]!,
    start: w.start * FRAME,
    end: (w.end + 1) * FRAME,
    confidence: Math.max(0, Math.min(1, w.confidence)),
  }));
  const decoded = heard.words.map((w) => w.word);
  const evidence = await gatherStretches(engine, keys, decoded, verified, audio, signal);
  return { decoded, verified, evidence };
}
