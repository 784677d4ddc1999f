import { useId } from "react";
import type { AnalysisWords as Words } from "@/lib/challenges/pronunciation/alignment";
import { VERDICT_CLASS } from "@/lib/web/challenges/use-pronunciation";

// A pronunciation analysis read as text: each grapheme group coloured by its verdict (good,
// moderate, bad), and under each word its phonemes coloured by theirs (the verdict also in words,
// for screen readers); hovering or focusing a group shows its phonemes with their scores. With the
// analysis's audio, a word's play button and a grapheme group (click, Enter or Space) play
// exactly that stretch of the student's answer.

const pct = (score: number) => `${Math.round(score * 100)}%`;

type Chunk = Words[number]["chunks"][number];
const CHUNK_CLASS = "rounded-sm px-0.5 font-medium underline decoration-2 underline-offset-4";
export type PlaySpan = (span: { start: number; end: number }, what: string) => void;

/** The stretch of audio of some phonemes (null when they have none). */
function spanOf(chunks: Chunk[]): { start: number; end: number } | null {
  const phonemes = chunks.flatMap((c) => c.phonemes);
  if (phonemes.length === 0) return null;
  return { start: Math.min(...phonemes.map((p) => p.start)), end: Math.max(...phonemes.map((p) => p.end)) };
}

function ChunkText({ chunk, onPlay }: { chunk: Chunk; onPlay?: PlaySpan }) {
  const id = useId();
  const span = spanOf([chunk]);
  const play = onPlay && span ? () => onPlay(span, `“${chunk.graphemes}”`) : undefined;
  return (
    <span className="group relative inline-block">
      {play ? (
        <button
          type="button"
          onClick={play}
          aria-label={`Play “${chunk.graphemes}”: ${chunk.verdict}, ${pct(chunk.score)}`}
          aria-describedby={id}
          data-testid="grapheme"
          data-verdict={chunk.verdict}
          className={`${CHUNK_CLASS} cursor-pointer ${VERDICT_CLASS[chunk.verdict]}`}
        >
          {chunk.graphemes}
        </button>
      ) : (
        <span
          tabIndex={0}
          data-testid="grapheme"
          data-verdict={chunk.verdict}
          aria-describedby={id}
          className={`${CHUNK_CLASS} ${VERDICT_CLASS[chunk.verdict]}`}
        >
          {chunk.graphemes}
        </span>
      )}
      <span
        id={id}
        role="tooltip"
        data-testid="phoneme-scores"
        className="invisible absolute bottom-full left-0 z-40 mb-1 w-max max-w-64 rounded-md bg-slate-900 px-2 py-1 text-xs text-white shadow-lg group-focus-within:visible group-hover:visible"
      >
        “{chunk.graphemes}”: {chunk.verdict}, {pct(chunk.score)}
        {chunk.phonemes.map((p, i) => (
          <span key={i} className="block tabular-nums">
            /{p.ipa}/ {pct(p.score)} {p.verdict}
          </span>
        ))}
      </span>
    </span>
  );
}

/** A word's phonemes, each coloured by its verdict, its score in the tooltip text. */
function WordPhonemes({ chunks }: { chunks: Chunk[] }) {
  const phonemes = chunks.flatMap((c) => c.phonemes);
  if (phonemes.length === 0) return null;
  return (
    <span className="inline-flex gap-px font-mono text-xs leading-5" role="group" aria-label="Phonemes">
      {phonemes.map((p, i) => (
        <span
          key={i}
          data-testid="phoneme"
          data-verdict={p.verdict}
          title={`/${p.ipa}/ ${pct(p.score)} ${p.verdict}`}
          className={`rounded-sm px-0.5 ${VERDICT_CLASS[p.verdict]}`}
        >
          {p.ipa}
          <span className="sr-only">
            {" "}
            {p.verdict} {pct(p.score)},
          </span>
        </span>
      ))}
    </span>
  );
}

export function AnalysisWords({ words, onPlay }: { words: Words; onPlay?: PlaySpan }) {
  return (
    <p className="text-lg leading-9" data-testid="analysis-words">
      {words.map((word, w) => {
        const text = word.chunks.map((c) => c.graphemes).join("");
        const span = spanOf(word.chunks);
        return (
          <span key={w} className="mr-2 inline-flex items-start" data-testid="analysis-word">
            <span className="inline-flex flex-col">
              <span className="inline-flex items-center">
                {word.chunks.map((chunk, c) => (
                  <ChunkText key={c} chunk={chunk} onPlay={onPlay} />
                ))}
              </span>
              <WordPhonemes chunks={word.chunks} />
            </span>
            {onPlay && span && (
              <button
                type="button"
                onClick={() => onPlay(span, `“${text}”`)}
                aria-label={`Play the word “${text}”`}
                className="ml-0.5 rounded px-1 text-xs text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-sky-600"
              >
                ▶
              </button>
            )}
          </span>
        );
      })}
    </p>
  );
}

export function VerdictLegend() {
  return (
    <p className="flex flex-wrap gap-2 text-xs" aria-label="Colours">
      {(["good", "moderate", "bad"] as const).map((v) => (
        <span key={v} className={`rounded px-2 py-0.5 ${VERDICT_CLASS[v]}`}>
          {v}
        </span>
      ))}
    </p>
  );
}
