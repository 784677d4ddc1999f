"use client";
import { type KeyboardEvent, useRef } from "react";
import { isUnsure, LABEL_CLASS, labelName, type ReviewWord, wordText } from "@/lib/web/reading/review-words";

// The passage with each word coloured by its label: one button per word, one tab stop for the
// whole passage (arrow keys, Home and End move between words); a click, Enter or Space selects the
// word and plays exactly its span. Words the engine was least sure of are marked with a "?".

type Props = {
  words: ReviewWord[];
  selected: number;
  onSelect: (index: number, play: boolean) => void;
};

export function PassageWords({ words, selected, onSelect }: Props) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (to: number) => {
    const index = Math.max(0, Math.min(words.length - 1, to));
    onSelect(index, false);
    buttons.current[index]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const to =
      event.key === "ArrowRight" || event.key === "ArrowDown"
        ? index + 1
        : event.key === "ArrowLeft" || event.key === "ArrowUp"
          ? index - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? words.length - 1
              : null;
    if (to === null) return;
    event.preventDefault();
    move(to);
  };
  return (
    <div
      role="group"
      aria-label="Passage: one button per word; arrow keys move, Enter plays the word"
      className="flex flex-wrap gap-x-1.5 gap-y-2 text-lg leading-8"
      data-testid="passage"
    >
      {words.map((w, i) => {
        const unsure = isUnsure(w);
        const text = wordText(w) || "…";
        return (
          <button
            key={`${w.sentence}:${w.word}`}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            type="button"
            tabIndex={i === selected ? 0 : -1}
            aria-pressed={i === selected}
            aria-label={`${text}: ${labelName(w.label)}${w.corrected ? ` (corrected; engine: ${labelName(w.engineLabel)})` : ""}${unsure ? ", engine unsure" : ""}`}
            data-testid="passage-word"
            data-label={w.label}
            data-unsure={unsure || undefined}
            onClick={() => onSelect(i, true)}
            onKeyDown={(e) => onKeyDown(e, i)}
            className={`rounded border px-1 ${LABEL_CLASS[w.label] ?? LABEL_CLASS.NA} ${unsure ? "outline-2 outline-offset-1 outline-dashed outline-slate-500" : ""} ${i === selected ? "ring-2 ring-sky-700 ring-offset-1" : ""} focus-visible:outline-3 focus-visible:outline-sky-700`}
          >
            {text}
            {unsure && (
              <sup aria-hidden="true" className="ml-0.5 font-bold">
                ?
              </sup>
            )}
          </button>
        );
      })}
    </div>
  );
}

export function LabelLegend() {
  return (
    <ul className="flex flex-wrap gap-2 text-xs" aria-label="Colours of the labels">
      {Object.entries(LABEL_CLASS).map(([code, cls]) => (
        <li key={code} className={`rounded border px-2 py-0.5 ${cls}`}>
          {code} {labelName(code)}
        </li>
      ))}
      <li className="rounded border border-slate-300 px-2 py-0.5 outline-2 outline-dashed outline-slate-500">
        ? engine unsure: worth a second look
      </li>
    </ul>
  );
}
