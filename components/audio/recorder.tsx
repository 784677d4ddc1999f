"use client";
import { useEffect, useId, useState } from "react";
import { Button } from "@/components/button";
import { canRecord, canRecordOgg, type RecordingFormat, useRecorder } from "@/lib/web/audio/use-recorder";
import { formatTime } from "./waveform";

// Recording with the browser's microphone, as WAV or Ogg Opus (the two containers the API
// takes); the finished file goes to `onRecorded`.

type Props = { label: string; onRecorded: (file: File) => void; disabled?: boolean };

export function Recorder({ label, onRecorded, disabled }: Props) {
  const id = useId();
  const [format, setFormat] = useState<RecordingFormat>("wav");
  // Known only in the browser (not while rendering on the server).
  const [support, setSupport] = useState<{ any: boolean; ogg: boolean } | null>(null);
  const recorder = useRecorder(onRecorded);
  useEffect(() => setSupport({ any: canRecord(), ogg: canRecordOgg() }), []);

  if (support && !support.any) {
    return (
      <p className="text-xs text-slate-600">
        Recording is not available in this browser or on this page (it needs a secure https page); upload a file
        instead.
      </p>
    );
  }
  const busy = recorder.state !== "idle";
  const recording = recorder.state === "recording";
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={`${id}-format`} className="text-sm text-slate-700">
        Record as
      </label>
      <select
        id={`${id}-format`}
        value={format}
        disabled={busy || disabled}
        onChange={(e) => setFormat(e.target.value as RecordingFormat)}
        className="rounded-md border border-slate-300 bg-white px-2 py-2 text-sm"
      >
        <option value="wav">WAV (PCM)</option>
        <option value="ogg" disabled={support ? !support.ogg : false}>
          Ogg Opus
        </option>
      </select>
      {recording || recorder.state === "finishing" ? (
        <Button
          variant="danger"
          onClick={() => void recorder.stop()}
          disabled={!recording}
          aria-label={`Stop recording ${label}`}
        >
          <span aria-hidden>■</span> {recording ? "Stop" : "Finishing…"}
        </Button>
      ) : (
        <Button
          onClick={() => void recorder.start(format)}
          disabled={busy || disabled || !support}
          aria-label={`Record ${label}`}
        >
          <span aria-hidden className="text-red-700">
            ●
          </span>{" "}
          {recorder.state === "starting" ? "Starting…" : "Record"}
        </Button>
      )}
      {recording && (
        <span
          className="flex items-center gap-2 text-sm text-slate-700"
          role="status"
          aria-live="off"
          data-testid="recording"
        >
          <span className="tabular-nums">{formatTime(recorder.elapsedMs / 1000)}</span>
          <span className="h-2 w-24 overflow-hidden rounded bg-slate-200" aria-hidden>
            <span
              className="block h-full bg-emerald-600 transition-[width] duration-75"
              style={{ width: `${Math.min(100, Math.round(recorder.level * 140))}%` }}
            />
          </span>
          <span className="sr-only">Recording {label}</span>
        </span>
      )}
      {recorder.error && (
        <p role="alert" className="w-full text-xs font-medium text-red-700">
          {recorder.error}
        </p>
      )}
    </div>
  );
}
