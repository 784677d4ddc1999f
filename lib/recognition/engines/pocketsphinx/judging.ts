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
import {
  errorStretches,
  innerFrames,
  judgeStretch,
  meanGop,
  OMIT_CHECK_WORDS,
  slice,
  sliceStartFrame,
  stretchReadings,
  substitutionCandidates,
  VERIFY_GOP,
} from "./verify-reading";

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
const sphinxWord = (w: string) => w.toLocaleLowerCase("en").replace(/’/g, "'");

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
      const heard = await engine.words(shown.map(sphinxWord), audio as Pcm, { signal });
      const keys = shown.map(sphinxWord);
      const said = heard.words.map((w) => w.word);
      // Verify before flagging (verify-reading.ts): a text word heard where another was expected.
      for (const c of substitutionCandidates(keys, said)) {
        const w = heard.words[c.heard]!;
        const span = slice(audio as Pcm, w.start * FRAME, (w.end + 1) * FRAME);
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
      const words = (await verifyStretches(engine, keys, decoded, verified, audio as Pcm, signal)).map((w) => ({
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
 * The heard words with each stretch of candidate errors that was read as written (verify-reading.ts)
 * replaced by the text's words, timed by the written reading's alignment. `decoded` is what the
 * search heard, `verified` the same words after the one-word check (times in seconds).
 */
async function verifyStretches(
  engine: PocketsphinxEngine,
  keys: string[],
  decoded: string[],
  verified: HeardWord[],
  audio: Pcm,
  signal?: AbortSignal,
): Promise<HeardWord[]> {
  const end = audio.samples.length / audio.sampleRate;
  const stretches = errorStretches(
    keys,
    verified.map((w) => w.word),
  );
  // Each stretch is its own request, so the pool's processes share them.
  const checked = await Promise.all(
    stretches.map(async (s) => {
      const from = s.before ? verified[s.before.h]!.start : 0;
      const to = s.after ? verified[s.after.h]!.end : end;
      const [written, spoken] = stretchReadings(s, keys, decoded);
      if (written.length === 0 || spoken.length === 0) return null;
      const first = s.before ? 1 : 0;
      const count = s.e1 - s.e0;
      // The written reading without each stretch word in turn (a word omitted after all).
      const omissions =
        count <= OMIT_CHECK_WORDS
          ? Array.from({ length: count }, (_, k) => written.filter((_, i) => i !== first + k)).filter((w) => w.length)
          : [];
      const alternatives = [written, spoken, ...omissions];
      const compared = await engine.compare(alternatives, slice(audio, from, to), { signal }).catch(() => null);
      const [fit, rival, ...without] = compared?.alternatives ?? [];
      if (!compared || !fit) return null;
      const frames = innerFrames(fit, !!s.before, !!s.after);
      const verdict = judgeStretch(fit, rival ?? null, without, frames);
      if (verdict.as === "decoded") return null;
      const perFrame = rival ? (fit.score - rival.score) / frames : 0;
      const confidence = Math.min(1, Math.exp(perFrame / CONFIDENCE_SCALE));
      return { fit, omit: verdict.omit, offset: sliceStartFrame(audio, from), confidence };
    }),
  );
  const out: HeardWord[] = [];
  let next = 0;
  stretches.forEach((s, k) => {
    const ok = checked[k];
    if (!ok) return;
    const first = s.before ? 1 : 0;
    out.push(...verified.slice(next, s.h0));
    for (let e = s.e0; e < s.e1; e++) {
      if (e - s.e0 === ok.omit) continue;
      const [a, b] = ok.fit.words[first + e - s.e0]!;
      out.push({
        word: keys[e]!,
        start: (a + ok.offset) * FRAME,
        end: (b + 1 + ok.offset) * FRAME,
        confidence: ok.confidence,
      });
    }
    next = s.h1;
  });
  out.push(...verified.slice(next));
  return out;
}
