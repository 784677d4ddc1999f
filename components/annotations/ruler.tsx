"use client";
import { memo } from "react";
import type WaveSurfer from "wavesurfer.js";
import { useWaveTime } from "@/lib/web/annotations/audio/use-peaks-waveform";
import { msToX, rulerTicks, type View, xToMs } from "@/lib/web/annotations/lanes/lanes";
import { rulerLabel } from "@/lib/web/annotations/lanes/time-format";

// The time ruler above the waveform (only the visible ticks are drawn), and the playback
// position across the lanes.

export const Ruler = memo(function Ruler({
  view,
  durationSec,
  onSeek,
}: {
  view: View;
  durationSec: number;
  onSeek: (ms: number) => void;
}) {
  const { step, ticks } = rulerTicks(view, durationSec);
  return (
    <div
      aria-hidden
      data-testid="ruler"
      className="relative h-6 cursor-pointer overflow-hidden border-b border-slate-300 bg-slate-50 text-[11px] text-slate-600 select-none"
      onClick={(e) => onSeek(xToMs(e.clientX - e.currentTarget.getBoundingClientRect().left, view))}
    >
      {ticks.map((t) => (
        <div
          key={t.seconds}
          className={`absolute bottom-0 border-l border-slate-400 ${t.major ? "h-full" : "h-1.5"}`}
          style={{ left: msToX(t.seconds * 1000, view) }}
        >
          {t.major && <span className="absolute top-0.5 left-1 tabular-nums">{rulerLabel(t.seconds, step)}</span>}
        </div>
      ))}
    </div>
  );
});

/** A line at the playback position over the lanes. */
export function Playhead({ ws, view, top = 0 }: { ws: WaveSurfer | null; view: View; top?: number }) {
  const ms = useWaveTime(ws);
  const x = msToX(ms, view);
  if (!ws || x < 0 || x > view.viewportWidth) return null;
  return (
    <div
      aria-hidden
      data-testid="playhead"
      className="pointer-events-none absolute bottom-0 z-10 w-0.5 bg-red-700/70"
      style={{ left: x, top }}
    />
  );
}

/** "0:01.250 / 0:03.000", updated while playing. */
export function TimeReadout({ ws, durationMs }: { ws: WaveSurfer | null; durationMs: number }) {
  const ms = useWaveTime(ws);
  const fmt = (v: number) => `${Math.floor(v / 60_000)}:${((v % 60_000) / 1000).toFixed(3).padStart(6, "0")}`;
  return (
    <span className="text-xs text-slate-700 tabular-nums" aria-live="off" data-testid="time-readout">
      {fmt(ms)} / {fmt(durationMs)}
    </span>
  );
}
