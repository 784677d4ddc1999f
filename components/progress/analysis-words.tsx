import { useId } from "react";
import type { AnalysisWords as Words } from "@/lib/challenges/pronunciation/alignment";
import { VERDICT_CLASS } from "@/lib/web/challenges/use-pronunciation";

// A pronunciation analysis read as text: each grapheme group coloured by its verdict (good,
// moderate, bad); hovering or focusing one shows its phonemes with their scores.

const pct = (score: number) => `${Math.round(score * 100)}%`;

function Chunk({ chunk }: { chunk: Words[number]["chunks"][number] }) {
  const id = useId();
  return (
    <span className="group relative inline-block">
      <span
        tabIndex={0}
        data-testid="grapheme"
        data-verdict={chunk.verdict}
        aria-describedby={id}
        className={`rounded-sm px-0.5 font-medium underline decoration-2 underline-offset-4 ${VERDICT_CLASS[chunk.verdict]}`}
      >
        {chunk.graphemes}
      </span>
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

export function AnalysisWords({ words }: { words: Words }) {
  return (
    <p className="text-lg leading-9" data-testid="analysis-words">
      {words.map((word, w) => (
        <span key={w} className="mr-2 inline-block">
          {word.chunks.map((chunk, c) => (
            <Chunk key={c} chunk={chunk} />
          ))}
        </span>
      ))}
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
