"use client";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/button";
import { joinWithNext, splitSentenceAt, splitSentences } from "@/lib/web/challenges/split-sentences";

// The passage of a read-aloud speech challenge, typed or pasted, then cut into sentences the
// teacher adjusts: each sentence is a field of its own, and can be split at the cursor, joined
// with the next or removed. The sentences are what the API stores; without an uploaded SRT they
// also make the challenge's subtitles (timings estimated by the API).

type Props = {
  sentences: string[] | null;
  onChange: (sentences: string[] | null) => void;
  /** The challenge has an uploaded SRT, which stays what srtUrl serves. */
  uploadedSrt?: boolean;
};

const wordCount = (sentences: readonly string[]) =>
  sentences.reduce((n, s) => n + s.split(/\s+/).filter(Boolean).length, 0);

export function PassageEditor({ sentences, onChange, uploadedSrt }: Props) {
  const id = useId();
  const [draft, setDraft] = useState(() => (sentences ?? []).join(" "));
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const [focus, setFocus] = useState<number | null>(null);
  const list = sentences ?? [];

  useEffect(() => {
    if (focus === null) return;
    inputs.current[focus]?.focus();
    setFocus(null);
  }, [focus]);

  const update = (next: string[], focusAt?: number) => {
    onChange(next.length ? next : null);
    if (focusAt !== undefined) setFocus(Math.min(focusAt, next.length - 1));
  };

  return (
    <fieldset className="space-y-3 rounded-md border border-slate-200 p-3" data-testid="passage-editor">
      <legend className="px-1 text-sm font-medium text-slate-800">Passage to read aloud</legend>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-text`} className="text-sm text-slate-800">
          Passage text
        </label>
        <textarea
          id={`${id}-text`}
          rows={4}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          aria-describedby={`${id}-hint`}
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
        />
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          Optional: type or paste the text, then split it into sentences and adjust them.{" "}
          {uploadedSrt
            ? "The uploaded subtitles (SRT) stay as they are."
            : "Without a subtitles file, the subtitles are made from these sentences, with estimated timings."}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={() => update(splitSentences(draft), 0)} disabled={!draft.trim()}>
          {list.length ? "Split the text again" : "Split into sentences"}
        </Button>
        {list.length > 0 && (
          <Button type="button" onClick={() => update([])}>
            Remove all sentences
          </Button>
        )}
      </div>
      {list.length > 0 && (
        <>
          <p className="text-sm text-slate-700" aria-live="polite" data-testid="passage-count">
            {list.length} {list.length === 1 ? "sentence" : "sentences"}, {wordCount(list)}{" "}
            {wordCount(list) === 1 ? "word" : "words"}
          </p>
          <ol className="space-y-2" aria-label="Sentences">
            {list.map((sentence, i) => {
              const n = i + 1;
              return (
                <li key={i} className="flex flex-wrap items-center gap-2" data-testid="passage-sentence">
                  <label htmlFor={`${id}-s${i}`} className="w-6 text-right text-xs text-slate-600 tabular-nums">
                    <span className="sr-only">Sentence </span>
                    {n}
                  </label>
                  <input
                    id={`${id}-s${i}`}
                    ref={(el) => {
                      inputs.current[i] = el;
                    }}
                    type="text"
                    value={sentence}
                    onChange={(e) => update(list.map((s, j) => (j === i ? e.target.value : s)))}
                    onBlur={() => !sentence.trim() && update(list.filter((_, j) => j !== i))}
                    className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
                  />
                  <Button
                    type="button"
                    className="px-2 py-1 text-xs"
                    aria-label={`Split sentence ${n} at the cursor`}
                    onClick={() => {
                      const at = inputs.current[i]?.selectionStart ?? sentence.length;
                      update(splitSentenceAt(list, i, at), i + 1);
                    }}
                  >
                    Split
                  </Button>
                  {i < list.length - 1 && (
                    <Button
                      type="button"
                      className="px-2 py-1 text-xs"
                      aria-label={`Join with next: sentence ${n}`}
                      onClick={() => update(joinWithNext(list, i), i)}
                    >
                      Join with next
                    </Button>
                  )}
                  <Button
                    type="button"
                    className="px-2 py-1 text-xs"
                    aria-label={`Remove sentence ${n}`}
                    onClick={() =>
                      update(
                        list.filter((_, j) => j !== i),
                        i,
                      )
                    }
                  >
                    Remove
                  </Button>
                </li>
              );
            })}
          </ol>
        </>
      )}
    </fieldset>
  );
}
