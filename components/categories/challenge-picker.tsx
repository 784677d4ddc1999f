"use client";
import { useId, useMemo, useState } from "react";
import { Button } from "@/components/button";
import { ErrorState, LoadingBlock } from "@/components/states";
import type { SpeechChallenge } from "@/lib/challenges/speech/schemas";

// The speech challenges of a category, picked from the organisation's: tick them in a
// searchable list; the chosen ones keep their order (the API's), which can be changed.

type Props = {
  challenges: SpeechChallenge[] | undefined;
  loading: boolean;
  error: Error | null;
  value: string[];
  onChange: (ids: string[]) => void;
};

/** Its topic; the id only for those without one. */
export const challengeLabel = (c: SpeechChallenge) => c.topic ?? `Untitled (${c.id})`;
const searchText = (c: SpeechChallenge) => `${c.topic ?? ""} ${c.id}`.toLowerCase();

export function ChallengePicker({ challenges, loading, error, value, onChange }: Props) {
  const id = useId();
  const [search, setSearch] = useState("");
  const labels = useMemo(() => new Map((challenges ?? []).map((c) => [c.id, challengeLabel(c)])), [challenges]);
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (challenges ?? []).filter((c) => !q || searchText(c).includes(q));
  }, [challenges, search]);
  const chosen = new Set(value);
  const toggle = (cid: string) => onChange(chosen.has(cid) ? value.filter((v) => v !== cid) : [...value, cid]);
  const earlier = (i: number) => onChange(value.map((v, j) => (j === i - 1 ? value[i]! : j === i ? value[i - 1]! : v)));

  return (
    <fieldset className="min-w-0 space-y-2 rounded-md border border-slate-200 bg-slate-50/60 p-3">
      <legend className="px-1 text-sm font-medium text-slate-800">Speech challenges</legend>
      {value.length > 0 && (
        <ol aria-label="Chosen speech challenges, in order" className="space-y-1">
          {value.map((cid, i) => (
            <li key={cid} className="flex items-center gap-2 text-sm">
              <span className="w-5 text-right text-xs text-slate-500">{i + 1}.</span>
              <span className="min-w-0 flex-1 truncate">{labels.get(cid) ?? cid}</span>
              <Button
                variant="ghost"
                className="px-2 py-0.5 text-xs"
                disabled={i === 0}
                onClick={() => earlier(i)}
                aria-label={`Move ${labels.get(cid) ?? cid} earlier`}
              >
                ↑
              </Button>
              <Button
                variant="ghost"
                className="px-2 py-0.5 text-xs"
                onClick={() => toggle(cid)}
                aria-label={`Remove ${labels.get(cid) ?? cid}`}
              >
                ✕
              </Button>
            </li>
          ))}
        </ol>
      )}
      <label htmlFor={`${id}-search`} className="sr-only">
        Search speech challenges
      </label>
      <input
        id={`${id}-search`}
        type="search"
        placeholder="Search speech challenges"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        className="w-full rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm"
      />
      {loading ? (
        <LoadingBlock lines={2} />
      ) : error ? (
        <ErrorState error={error} title="The speech challenges could not be loaded" />
      ) : shown.length === 0 ? (
        <p className="text-xs text-slate-500">
          {challenges?.length ? "No speech challenge matches." : "This organisation has no speech challenges yet."}
        </p>
      ) : (
        <ul className="max-h-48 space-y-0.5 overflow-y-auto rounded border border-slate-200 bg-white p-2">
          {shown.map((c) => (
            <li key={c.id}>
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={chosen.has(c.id)} onChange={() => toggle(c.id)} />
                <span className="truncate">{c.topic ?? "Untitled"}</span>
                <span className="truncate text-xs text-slate-600">{c.id}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
