"use client";
import { type KeyboardEvent, memo, type PointerEvent, useEffect, useRef } from "react";
import type { Peaks } from "@/lib/web/annotations/audio/waveform-peaks";
import type { View } from "@/lib/web/annotations/lanes/lanes";
import { formatMs } from "@/lib/web/annotations/lanes/time-format";

// The whole recording in one strip (its peaks, folded to the strip's width) with the part the
// waveform shows outlined: press or drag to move the view there; as a slider, arrows move it
// by a tenth of the view, Page Up/Down by a whole view, Home/End to either end.

type Props = { peaks: Peaks | null; durationMs: number; view: View; onScrollTo: (startMs: number) => void };

const HEIGHT = 28;

export const OverviewBar = memo(function OverviewBar({ peaks, durationMs, view, onScrollTo }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const width = Math.max(1, Math.round(view.viewportWidth));
  const fromMs = view.pxPerSec > 0 ? (view.scrollLeft / view.pxPerSec) * 1000 : 0;
  const spanMs = view.pxPerSec > 0 ? Math.min(durationMs, (view.viewportWidth / view.pxPerSec) * 1000) : durationMs;

  useEffect(() => {
    const ctx = canvas.current?.getContext("2d");
    if (!ctx || !peaks) return;
    ctx.clearRect(0, 0, width, HEIGHT);
    ctx.fillStyle = "#94a3b8";
    const n = peaks.max.length;
    const mid = HEIGHT / 2;
    for (let x = 0; x < width; x++) {
      const a = Math.floor((x / width) * n);
      const b = Math.max(a + 1, Math.floor(((x + 1) / width) * n));
      let hi = 0;
      let lo = 0;
      for (let i = a; i < b && i < n; i++) {
        if (peaks.max[i] > hi) hi = peaks.max[i];
        if (peaks.min[i] < lo) lo = peaks.min[i];
      }
      ctx.fillRect(x, mid - hi * mid, 1, Math.max(1, (hi - lo) * mid));
    }
  }, [peaks, width]);

  const toMs = (clientX: number) => {
    const rect = box.current!.getBoundingClientRect();
    return ((clientX - rect.left) / rect.width) * durationMs;
  };
  const centreAt = (ms: number) => onScrollTo(Math.max(0, Math.min(durationMs - spanMs, ms - spanMs / 2)));
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    centreAt(toMs(e.clientX));
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (e.currentTarget.hasPointerCapture(e.pointerId)) centreAt(toMs(e.clientX));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowLeft: -spanMs / 10,
      ArrowRight: spanMs / 10,
      PageUp: -spanMs,
      PageDown: spanMs,
      Home: -durationMs,
      End: durationMs,
    };
    const delta = moves[e.key];
    if (delta === undefined) return;
    e.preventDefault();
    e.stopPropagation();
    onScrollTo(Math.max(0, Math.min(durationMs - spanMs, fromMs + delta)));
  };
  const left = durationMs > 0 ? (fromMs / durationMs) * 100 : 0;
  const w = durationMs > 0 ? Math.max(0.5, (spanMs / durationMs) * 100) : 100;
  return (
    <div
      ref={box}
      role="slider"
      tabIndex={0}
      aria-label="Visible part of the recording"
      aria-valuemin={0}
      aria-valuemax={Math.round(durationMs / 1000)}
      aria-valuenow={Math.round(fromMs / 1000)}
      aria-valuetext={`${formatMs(fromMs)} to ${formatMs(fromMs + spanMs)}`}
      data-testid="overview"
      className="relative h-7 cursor-pointer touch-none overflow-hidden border-b border-slate-300 bg-slate-100 select-none focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-blue-700"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onKeyDown={onKeyDown}
    >
      <canvas
        ref={canvas}
        width={width}
        height={HEIGHT}
        className="pointer-events-none absolute inset-0 h-full w-full"
        aria-hidden
      />
      <div
        aria-hidden
        data-testid="overview-window"
        className="pointer-events-none absolute inset-y-0 border-x-2 border-blue-700 bg-blue-500/20"
        style={{ left: `${left}%`, width: `${w}%` }}
      />
    </div>
  );
});
