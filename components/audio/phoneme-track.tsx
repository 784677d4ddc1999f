import type { Alignment } from "@/lib/challenges/pronunciation/alignment";

// A pronunciation challenge's forced alignment drawn over its waveform: the words, and under
// them each phoneme (IPA) where it was found in the audio. Positions are shares of the
// audio's duration, so the strips line up with the waveform below at any width.

type Props = { alignment: Alignment; duration: number };

const pct = (t: number, duration: number) => `${(Math.max(0, Math.min(t, duration)) / duration) * 100}%`;

export function PhonemeTrack({ alignment, duration }: Props) {
  if (!(duration > 0)) return null;
  const words = alignment.words
    .map((word) => {
      const phonemes = word.chunks.flatMap((chunk) => chunk.phonemes);
      const text = word.chunks.map((chunk) => chunk.graphemes).join("");
      const start = Math.min(...phonemes.map((p) => p.start));
      const end = Math.max(...phonemes.map((p) => p.end));
      return { text, phonemes, start, end };
    })
    .filter((w) => w.phonemes.length > 0);
  const phonemes = words.flatMap((w) => w.phonemes);

  return (
    <div data-testid="alignment" className="mb-1 select-none">
      <div className="relative h-5" aria-hidden>
        {words.map((w, i) => (
          <span
            key={i}
            className="absolute top-0 truncate border-x border-slate-300 bg-slate-100 px-1 text-center text-xs leading-5 font-medium text-slate-800"
            style={{ left: pct(w.start, duration), width: pct(w.end - w.start, duration) }}
          >
            {w.text}
          </span>
        ))}
      </div>
      <div className="relative mt-0.5 h-6" aria-hidden>
        {phonemes.map((p, i) => (
          <span
            key={i}
            data-testid="phoneme"
            title={`/${p.ipa}/ ${p.start.toFixed(2)}–${p.end.toFixed(2)} s, confidence ${p.confidenceScore.toFixed(2)}`}
            className={`absolute top-0 truncate border-l border-blue-400 text-center font-mono text-xs leading-6 ${p.confidenceScore < 0.5 ? "bg-amber-100 text-amber-900" : "bg-blue-50 text-blue-900"}`}
            style={{ left: pct(p.start, duration), width: pct(p.end - p.start, duration) }}
          >
            {p.ipa}
          </span>
        ))}
      </div>
      <ol className="sr-only" aria-label="Alignment">
        {words.map((w, i) => (
          <li key={i}>
            {w.text}: {w.phonemes.map((p) => `/${p.ipa}/`).join(" ")}, {w.start.toFixed(2)} to {w.end.toFixed(2)}{" "}
            seconds
          </li>
        ))}
      </ol>
    </div>
  );
}
