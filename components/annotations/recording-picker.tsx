"use client";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Button } from "@/components/button";
import { ErrorState, Skeleton } from "@/components/states";
import type { RecordingRefInput } from "@/lib/web/annotations/saving/annotation-api";
import { RecordingRows } from "./picker/recording-rows";
import { type PickerRecording, recordingKey, usePickerData } from "./picker/use-picker-data";

// Picks recordings of the organisation's speech challenges, as recording references
// {tenant, organisation, challenge, recording} (tenant and organisation: the current view's).
// Searchable by student, challenge or id; filtered by challenge, group, date and "not yet
// assigned"; each recording can be played before it is chosen.

type Props = {
  tenant: string;
  organisation: string;
  value: RecordingRefInput[];
  onChange: (refs: RecordingRefInput[]) => void;
  error?: string;
  /** The assignment being edited: its own recordings do not count as "already assigned". */
  assignment?: number;
  /** The challenge filter to start with. */
  initialChallenge?: string;
};

const keyOf = (r: Pick<RecordingRefInput, "challenge" | "recording">) => recordingKey(r.challenge, r.recording);
const dayOf = (iso: string) => {
  const d = new Date(iso);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};
const inputClass = "rounded-md border border-slate-300 bg-white px-3 py-2 text-sm";

export function RecordingPicker({ tenant, organisation, value, onChange, error, assignment, initialChallenge }: Props) {
  const id = useId();
  const data = usePickerData(organisation, assignment);
  const [search, setSearch] = useState("");
  const [challenge, setChallenge] = useState(initialChallenge ?? "");
  const [group, setGroup] = useState("");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [unassigned, setUnassigned] = useState(false);
  const [playing, setPlaying] = useState<string | null>(null);
  const audio = useRef<HTMLAudioElement>(null);

  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return data.rows.filter(
      (r) =>
        (!q || `${r.student} ${r.challengeName} ${r.id}`.toLowerCase().includes(q)) &&
        (!challenge || r.challenge === challenge) &&
        (!group || r.groups.includes(group)) &&
        (!from || dayOf(r.created) >= from) &&
        (!to || dayOf(r.created) <= to) &&
        (!unassigned || !r.assigned),
    );
  }, [data.rows, search, challenge, group, from, to, unassigned]);

  const chosen = new Set(value.map(keyOf));
  const refOf = (r: PickerRecording): RecordingRefInput => ({
    tenant,
    organisation,
    challenge: r.challenge,
    recording: r.id,
  });
  const isChosen = (r: PickerRecording) => chosen.has(recordingKey(r.challenge, r.id));
  const toggle = (r: PickerRecording, on: boolean) =>
    onChange(on ? [...value, refOf(r)] : value.filter((v) => keyOf(v) !== recordingKey(r.challenge, r.id)));
  const allShownChosen = shown.length > 0 && shown.every(isChosen);
  const setAllShown = (on: boolean) => {
    const keys = new Set(shown.map((r) => recordingKey(r.challenge, r.id)));
    // Added oldest first, the order the API lists them in (the list shows the newest first).
    const added = shown.filter((r) => !isChosen(r)).sort((a, b) => a.created.localeCompare(b.created));
    onChange(on ? [...value, ...added.map(refOf)] : value.filter((v) => !keys.has(keyOf(v))));
  };

  const play = (r: PickerRecording) => {
    const a = audio.current;
    const key = recordingKey(r.challenge, r.id);
    if (!a || !r.audioUrl) return;
    if (playing === key) {
      a.pause();
      setPlaying(null);
      return;
    }
    a.src = r.audioUrl;
    setPlaying(key);
    a.play().catch((e: Error) => e.name !== "AbortError" && setPlaying(null));
  };
  useEffect(() => {
    const a = audio.current;
    return () => a?.pause();
  }, []);

  const filtered = search || challenge || group || from || to || unassigned;
  return (
    <fieldset
      className="min-w-0 space-y-3 rounded-md border border-slate-300 bg-white p-3"
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="px-1 text-sm font-medium text-slate-800">
        Recordings <span className="text-red-700">*</span>
      </legend>
      <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800 sm:col-span-2 lg:col-span-3">
          Search recordings
          <input
            type="search"
            className={inputClass}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Student, challenge or id"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          Speech challenge
          <select className={inputClass} value={challenge} onChange={(e) => setChallenge(e.target.value)}>
            <option value="">All challenges</option>
            {data.challenges.map((c) => (
              <option key={c.id} value={c.id}>
                {c.topic ?? `Untitled (${c.id})`}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          Group
          <select className={inputClass} value={group} onChange={(e) => setGroup(e.target.value)}>
            <option value="">All groups</option>
            {data.groups.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
        </label>
        <div className="flex gap-2">
          <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm font-medium text-slate-800">
            Recorded from
            <input type="date" className={inputClass} value={from} onChange={(e) => setFrom(e.target.value)} />
          </label>
          <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm font-medium text-slate-800">
            until
            <input type="date" className={inputClass} value={to} onChange={(e) => setTo(e.target.value)} />
          </label>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={unassigned} onChange={(e) => setUnassigned(e.target.checked)} />
          Not yet assigned only
        </label>
      </div>
      {data.error && (
        <ErrorState error={data.error} onRetry={data.refetch} title="The recordings could not be loaded" />
      )}
      {data.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : data.rows.length === 0 ? (
        <p className="text-sm text-slate-600">This organisation has no recordings yet.</p>
      ) : (
        <div className="space-y-1">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <label className="flex items-center gap-2 text-sm font-medium">
              <input
                type="checkbox"
                checked={allShownChosen}
                disabled={shown.length === 0}
                onChange={(e) => setAllShown(e.target.checked)}
              />
              {challenge && !(search || group || from || to || unassigned)
                ? `All ${shown.length} recordings of this challenge`
                : filtered
                  ? `All ${shown.length} shown`
                  : `All ${shown.length} recordings`}
            </label>
            <span className="text-xs text-slate-600" aria-live="polite" data-testid="shown-count">
              {shown.length} of {data.rows.length} shown
            </span>
          </div>
          {shown.length === 0 ? (
            <p className="text-sm text-slate-600">No recording matches.</p>
          ) : (
            <RecordingRows rows={shown} isChosen={isChosen} onToggle={toggle} playing={playing} onPlay={play} />
          )}
        </div>
      )}
      <audio
        ref={audio}
        onEnded={() => setPlaying(null)}
        onError={() => setPlaying(null)}
        data-testid="picker-audio"
        className="hidden"
      />
      <div className="flex flex-wrap items-center gap-2 text-sm" aria-live="polite">
        <span data-testid="chosen-count">
          {value.length === 1 ? "1 recording chosen" : `${value.length} recordings chosen`}
        </span>
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
