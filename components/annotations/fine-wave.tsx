"use client";
import { memo, useEffect, useRef, useState } from "react";
import { decodeWindow } from "@/lib/web/annotations/audio/window-audio";
import type { View } from "@/lib/web/annotations/lanes/lanes";

// At deep zoom the peaks (one point per 10 ms) are too coarse: the visible window's audio is
// decoded (lib/web/annotations/audio/window-audio.ts: only its pages are fetched) and drawn over the
// waveform, min and max per pixel column, on one canvas as wide as the view (no seams between
// tiles). While the view moves, the last drawing follows it until the new window is drawn.

type Drawn = { fromMs: number; toMs: number; scrollLeft: number; pxPerSec: number };

export const FineWave = memo(function FineWave({
  audioUrl,
  view,
  durationMs,
  height,
}: {
  audioUrl: string;
  view: View;
  durationMs: number;
  height: number;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState<Drawn | null>(null);
  const width = Math.max(1, Math.round(view.viewportWidth));
  const fromMs = Math.max(0, Math.floor((view.scrollLeft / view.pxPerSec) * 1000));
  const toMs = Math.min(durationMs, Math.ceil(((view.scrollLeft + view.viewportWidth) / view.pxPerSec) * 1000));

  useEffect(() => {
    if (toMs <= fromMs) return;
    const controller = new AbortController();
    const { pxPerSec, scrollLeft } = view;
    const timer = setTimeout(async () => {
      try {
        const { samples, sampleRate } = await decodeWindow(audioUrl, fromMs / 1000, toMs / 1000, controller.signal);
        const ctx = canvas.current?.getContext("2d");
        if (controller.signal.aborted || !ctx) return;
        ctx.fillStyle = "#ffffff";
        ctx.fillRect(0, 0, width, height);
        ctx.fillStyle = "#64748b";
        const mid = height / 2;
        const x0 = (fromMs / 1000) * pxPerSec - scrollLeft;
        const perPx = sampleRate / pxPerSec;
        // Scaled like the peaks (normalised to the loudest sample in view).
        let peak = 0;
        for (let i = 0; i < samples.length; i++) peak = Math.max(peak, Math.abs(samples[i]));
        const scale = peak > 0 ? (mid - 1) / peak : 0;
        for (let x = Math.max(0, Math.floor(x0)); x < width; x++) {
          const a = Math.floor((x - x0) * perPx);
          const b = Math.min(samples.length, Math.floor((x + 1 - x0) * perPx));
          if (a >= samples.length) break;
          let lo = 0;
          let hi = 0;
          for (let i = Math.max(0, a); i < Math.max(a + 1, b); i++) {
            const v = samples[i] ?? 0;
            if (v > hi) hi = v;
            if (v < lo) lo = v;
          }
          ctx.fillRect(x, mid - hi * scale, 1, Math.max(1, (hi - lo) * scale));
        }
        setDrawn({ fromMs, toMs, scrollLeft, pxPerSec });
      } catch {
        // The coarse waveform stays in view.
      }
    }, 120);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // view.scrollLeft and pxPerSec are inside fromMs/toMs and width.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [audioUrl, fromMs, toMs, width, height]);

  const shown = drawn && drawn.pxPerSec === view.pxPerSec;
  return (
    <canvas
      ref={canvas}
      width={width}
      height={height}
      aria-hidden
      data-testid="fine-wave"
      data-status={shown ? "drawn" : "waiting"}
      data-from-ms={drawn?.fromMs}
      data-to-ms={drawn?.toMs}
      className="pointer-events-none absolute top-0 left-0"
      style={{
        width,
        height,
        visibility: shown ? "visible" : "hidden",
        transform: shown ? `translateX(${drawn.scrollLeft - view.scrollLeft}px)` : undefined,
      }}
    />
  );
});
