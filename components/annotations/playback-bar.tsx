"use client";
import { Button } from "@/components/button";
import { type PeaksWaveform, RATES } from "@/lib/web/annotations/audio/use-peaks-waveform";
import { stepZoom, ZOOM_LEVELS } from "@/lib/web/annotations/lanes/lanes";
import type { Item } from "@/lib/web/annotations/model/types";
import { TimeReadout } from "./ruler";

// Play/pause (Space), play or loop the selected fragment, the rate (pitch kept), the position,
// and the zoom in px per second.

export function PlaybackBar({
  wave,
  durationMs,
  selected,
}: {
  wave: PeaksWaveform;
  durationMs: number;
  selected: Item | null;
}) {
  const zoomOptions = ZOOM_LEVELS.filter((z) => z === 0 || z > wave.fitPxPerSec || z === wave.zoom);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        variant="secondary"
        className="w-24"
        onClick={wave.playPause}
        disabled={!wave.ready}
        aria-keyshortcuts="Space"
      >
        {wave.playing ? "❚❚ Pause" : "▶ Play"}
      </Button>
      <Button
        onClick={() => selected && wave.playRange(selected.startMs, selected.endMs)}
        disabled={!wave.ready || !selected}
      >
        Play selection
      </Button>
      <Button
        aria-pressed={!!wave.loop}
        aria-keyshortcuts="L"
        disabled={!wave.ready || (!selected && !wave.loop)}
        onClick={() =>
          wave.loop
            ? wave.setLoop(null)
            : selected && wave.setLoop({ startMs: selected.startMs, endMs: selected.endMs })
        }
      >
        {wave.loop ? "Stop loop" : "Loop selection"}
      </Button>
      <label className="flex items-center gap-1 text-sm text-slate-700">
        Rate
        <select
          className="rounded-md border border-slate-300 bg-white px-2 py-2 text-sm"
          value={wave.rate}
          disabled={!wave.ready}
          aria-keyshortcuts="[ ]"
          onChange={(e) => wave.setRate(Number(e.target.value))}
        >
          {RATES.map((r) => (
            <option key={r} value={r}>
              {r}×
            </option>
          ))}
        </select>
      </label>
      <TimeReadout ws={wave.ws} durationMs={durationMs} />
      <div className="ml-auto flex items-center gap-1" role="group" aria-label="Zoom">
        <Button
          className="px-2.5"
          aria-label="Zoom out"
          aria-keyshortcuts="-"
          disabled={!wave.ready || wave.zoom === 0}
          onClick={() => wave.setZoom(stepZoom(wave.zoom, -1, wave.fitPxPerSec))}
        >
          −
        </Button>
        <label className="sr-only" htmlFor="zoom-level">
          Zoom (pixels per second)
        </label>
        <select
          id="zoom-level"
          className="rounded-md border border-slate-300 bg-white px-2 py-2 text-sm"
          value={wave.zoom}
          disabled={!wave.ready}
          onChange={(e) => wave.setZoom(Number(e.target.value))}
        >
          {zoomOptions.map((z) => (
            <option key={z} value={z}>
              {z === 0 ? "Fit" : `${z} px/s`}
            </option>
          ))}
        </select>
        <Button
          className="px-2.5"
          aria-label="Zoom in"
          aria-keyshortcuts="+"
          disabled={!wave.ready}
          onClick={() => wave.setZoom(stepZoom(wave.zoom, 1, wave.fitPxPerSec))}
        >
          +
        </Button>
      </div>
    </div>
  );
}
