"use client";
import { useId } from "react";
import { AudioInput } from "@/components/audio/audio-input";
import { Button } from "@/components/button";
import { errorText } from "@/components/form-field";

// The choices of a choice challenge: text, and audio for each. Creating: audio is matched to
// the choices by position. Editing: a choice keeps its stored audio while its text stays, and
// any choice (a newly added one too) can be given new audio, sent with the choice's text.

export type ChoiceRow = { key: string; text: string; audio: File | null; audioUrl: string | null; original?: string };

let counter = 0;
export const newChoiceRow = (text = "", audioUrl: string | null = null): ChoiceRow => ({
  key: `choice-${++counter}`,
  text,
  audio: null,
  audioUrl,
  original: text,
});

/** Audio goes to the choices by position: a choice without audio may only come after the last one with it. */
export function audioGap(rows: ChoiceRow[]): number | null {
  const last = rows.map((r) => !!r.audio).lastIndexOf(true);
  const gap = rows.findIndex((r, i) => i < last && !r.audio);
  return gap === -1 ? null : gap;
}

type Props = {
  rows: ChoiceRow[];
  onChange: (rows: ChoiceRow[]) => void;
  /** Creating: audio goes by position. Editing: stored audio plays, and new audio can be attached to any choice. */
  newAudio: boolean;
  error?: string;
  audioError?: string;
};

export function ChoicesEditor({ rows, onChange, newAudio, error, audioError }: Props) {
  const id = useId();
  const update = (index: number, patch: Partial<ChoiceRow>) =>
    onChange(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...rows];
    [next[index], next[index + by]] = [next[index + by], next[index]];
    onChange(next);
  };
  return (
    <fieldset className="min-w-0 space-y-3" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-800">
        Choices<span className="text-red-700"> *</span>
      </legend>
      <p className="text-xs text-slate-500">
        The sentences a student may say; at most one is recognised.{" "}
        {newAudio
          ? "Audio is optional and matched to the choices in order."
          : "A choice keeps its audio while its text stays the same; attach audio to a new choice, or replace a choice's audio, here."}
      </p>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-red-700">
          {errorText("Choices", error)}
        </p>
      )}
      <ol className="space-y-3">
        {rows.map((row, index) => {
          const n = index + 1;
          const invalid = !!error && row.text.trim() === "";
          return (
            <li
              key={row.key}
              className="space-y-2 rounded-md border border-slate-200 bg-white p-3"
              data-testid="choice-row"
            >
              <div className="flex flex-wrap items-end gap-2">
                <div className="flex min-w-48 flex-1 flex-col gap-1">
                  <label htmlFor={`${id}-${row.key}`} className="text-sm font-medium text-slate-800">
                    Choice {n}
                  </label>
                  <input
                    id={`${id}-${row.key}`}
                    value={row.text}
                    onChange={(e) => update(index, { text: e.target.value })}
                    aria-invalid={invalid || undefined}
                    maxLength={1000}
                    className={`rounded-md border bg-white px-3 py-2 text-sm ${invalid ? "border-red-500" : "border-slate-300"}`}
                  />
                </div>
                <div className="flex gap-1">
                  <Button
                    variant="ghost"
                    className="px-2"
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                    aria-label={`Move choice ${n} up`}
                  >
                    ↑
                  </Button>
                  <Button
                    variant="ghost"
                    className="px-2"
                    disabled={index === rows.length - 1}
                    onClick={() => move(index, 1)}
                    aria-label={`Move choice ${n} down`}
                  >
                    ↓
                  </Button>
                  <Button
                    variant="ghost"
                    className="px-2 text-red-700"
                    disabled={rows.length <= 1}
                    onClick={() => onChange(rows.filter((_, i) => i !== index))}
                    aria-label={`Remove choice ${n}`}
                  >
                    Remove
                  </Button>
                </div>
              </div>
              {newAudio ? (
                <AudioInput
                  label={`Audio of choice ${n}`}
                  value={row.audio}
                  onChange={(audio) => update(index, { audio })}
                />
              ) : (
                <>
                  <AudioInput
                    label={`Audio of choice ${n}`}
                    value={row.audio}
                    onChange={(audio) => update(index, { audio })}
                    currentUrl={row.text.trim() === row.original?.trim() ? row.audioUrl : null}
                  />
                  {row.audioUrl && !row.audio && row.text.trim() !== row.original?.trim() && (
                    <p className="text-xs font-medium text-amber-800">
                      The text changed: its stored audio is dropped when you save.
                    </p>
                  )}
                </>
              )}
            </li>
          );
        })}
      </ol>
      {audioError && (
        <p role="alert" className="text-xs font-medium text-red-700">
          {errorText("Audio", audioError)}
        </p>
      )}
      <Button onClick={() => onChange([...rows, newChoiceRow()])} disabled={rows.length >= 100}>
        + Add choice
      </Button>
    </fieldset>
  );
}
