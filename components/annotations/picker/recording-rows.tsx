"use client";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useRef } from "react";
import { formatDateTime } from "@/lib/web/ui/display-format";
import type { PickerRecording } from "./use-picker-data";

// The (filtered) recordings as a virtualised list: only the rows in view are in the DOM, so
// hundreds stay fast. Each row: a checkbox labelled with the student, the challenge, the date
// and the duration (the id as secondary text), and a play button.

export const formatDuration = (seconds: number | null) => {
  if (seconds === null) return "—";
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
};

const ROW_HEIGHT = 52;

type Props = {
  rows: PickerRecording[];
  isChosen: (row: PickerRecording) => boolean;
  onToggle: (row: PickerRecording, on: boolean) => void;
  playing: string | null;
  onPlay: (row: PickerRecording) => void;
};

export function RecordingRows({ rows, isChosen, onToggle, playing, onPlay }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  return (
    <div
      ref={scroller}
      className="max-h-80 overflow-y-auto rounded border border-slate-200"
      data-testid="recording-rows"
      data-count={rows.length}
    >
      <ul aria-label="Recordings" className="relative" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]!;
          const key = `${row.challenge}/${row.id}`;
          const label = `${row.student}, ${row.challengeName}, ${formatDateTime(row.created)}, ${formatDuration(row.duration)}`;
          return (
            <li
              key={key}
              aria-setsize={rows.length}
              aria-posinset={item.index + 1}
              data-testid="picker-row"
              className="absolute inset-x-0 flex items-center gap-2 border-b border-slate-100 px-2"
              style={{ height: item.size, transform: `translateY(${item.start}px)` }}
            >
              <input
                id={`pick-${key}`}
                type="checkbox"
                className="h-4 w-4 shrink-0"
                checked={isChosen(row)}
                onChange={(e) => onToggle(row, e.target.checked)}
                aria-label={label}
              />
              <label htmlFor={`pick-${key}`} className="min-w-0 flex-1 cursor-pointer text-sm" aria-hidden="true">
                <span className="block truncate">
                  <span className="font-medium">{row.student}</span> · {row.challengeName}
                  {row.assigned && (
                    <span className="ml-2 rounded bg-slate-100 px-1.5 text-xs text-slate-700">assigned</span>
                  )}
                </span>
                <span className="block truncate text-xs text-slate-600">
                  {formatDateTime(row.created)} · {formatDuration(row.duration)} ·{" "}
                  <span className="font-mono">{row.id}</span>
                </span>
              </label>
              <button
                type="button"
                onClick={() => onPlay(row)}
                disabled={!row.audioUrl}
                aria-label={`${playing === key ? "Stop" : "Play"} the recording of ${row.student}, ${formatDateTime(row.created)}`}
                aria-pressed={playing === key}
                className="shrink-0 rounded-md border border-slate-300 px-2 py-1 text-xs hover:bg-slate-50 disabled:opacity-50"
              >
                {playing === key ? "■ Stop" : "▶ Play"}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
