"use client";
import { useId, useState } from "react";
import { Button } from "@/components/button";
import { ErrorState, Skeleton } from "@/components/states";
import { formatDateTime } from "@/lib/web/format";
import { useChallengeRecordings, useSpeechChallenges } from "@/lib/web/annotations/use-assignments";
import type { RecordingRefInput } from "@/lib/web/annotations/annotation-api";

// Picks recordings of the organisation's speech challenges, as recording references
// {tenant, organisation, challenge, recording} (tenant and organisation: the current view's).

type Props = { tenant: string; organisation: string; value: RecordingRefInput[]; onChange: (refs: RecordingRefInput[]) => void; error?: string };

const keyOf = (r: Pick<RecordingRefInput, "challenge" | "recording">) => `${r.challenge}/${r.recording}`;

export function RecordingPicker({ tenant, organisation, value, onChange, error }: Props) {
  const id = useId();
  const challenges = useSpeechChallenges(true);
  const [challenge, setChallenge] = useState<string>("");
  const recordings = useChallengeRecordings(challenge || null);
  const chosen = new Set(value.map(keyOf));
  const refOf = (recording: string): RecordingRefInput => ({ tenant, organisation, challenge, recording });
  const toggle = (recording: string, on: boolean) =>
    onChange(on ? [...value, refOf(recording)] : value.filter((r) => keyOf(r) !== keyOf({ challenge, recording })));
  const all = recordings.data ?? [];
  const allChosen = all.length > 0 && all.every((r) => chosen.has(keyOf({ challenge, recording: r.id })));
  const setAll = (on: boolean) =>
    onChange(on ? [...value, ...all.filter((r) => !chosen.has(keyOf({ challenge, recording: r.id }))).map((r) => refOf(r.id))] : value.filter((r) => r.challenge !== challenge));

  return (
    <fieldset className="space-y-3 rounded-md border border-slate-300 bg-white p-3" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="px-1 text-sm font-medium text-slate-800">
        Recordings <span className="text-red-700">*</span>
      </legend>
      {challenges.isError && <ErrorState error={challenges.error} onRetry={() => challenges.refetch()} title="The speech challenges could not be loaded" />}
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        Speech challenge
        <select className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm" value={challenge} onChange={(e) => setChallenge(e.target.value)} disabled={!challenges.data}>
          <option value="">{challenges.isPending ? "Loading…" : "Choose a challenge"}</option>
          {(challenges.data ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.topic ? `${c.topic} (${c.id})` : c.id}
            </option>
          ))}
        </select>
      </label>
      {challenge && recordings.isPending && <Skeleton className="h-16 w-full" />}
      {recordings.isError && <ErrorState error={recordings.error} onRetry={() => recordings.refetch()} title="The recordings could not be loaded" />}
      {challenge && recordings.data && (
        <div className="space-y-1">
          {all.length === 0 ? (
            <p className="text-sm text-slate-600">This challenge has no recordings.</p>
          ) : (
            <>
              <label className="flex items-center gap-2 text-sm font-medium">
                <input type="checkbox" checked={allChosen} onChange={(e) => setAll(e.target.checked)} />
                All {all.length} recordings of this challenge
              </label>
              <ul className="max-h-56 space-y-1 overflow-y-auto rounded border border-slate-200 p-2" aria-label="Recordings of the challenge">
                {all.map((r) => (
                  <li key={r.id}>
                    <label className="flex items-center gap-2 text-sm">
                      <input type="checkbox" checked={chosen.has(keyOf({ challenge, recording: r.id }))} onChange={(e) => toggle(r.id, e.target.checked)} />
                      <code className="text-xs">{r.id}</code>
                      <span className="text-xs text-slate-600">
                        {r.userId ? `by ${r.userId}, ` : ""}
                        {formatDateTime(r.created)}
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
      <div className="flex flex-wrap items-center gap-2 text-sm" aria-live="polite">
        <span data-testid="chosen-count">{value.length === 1 ? "1 recording chosen" : `${value.length} recordings chosen`}</span>
        {value.length > 0 && (
          <Button variant="ghost" className="px-2 py-1 text-xs" onClick={() => onChange([])}>
            Clear
          </Button>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
