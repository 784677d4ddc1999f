"use client";
import { memo, useEffect, useRef, useState } from "react";
import type { View } from "@/lib/web/annotations/lanes";
import { spectrogram, spectrogramPixels } from "@/lib/web/annotations/spectrogram";
import { decodeWindow } from "@/lib/web/annotations/window-audio";

// The spectrogram of the part of the recording in view (0–8 kHz), switched on by the annotator.
// Only that window is fetched and decoded (lib/web/annotations/window-audio.ts); scrolling or
// zooming draws the new window once the view has settled. Wider than MAX_WINDOW_S: zoom in.

export const MAX_WINDOW_S = 60;
const HEIGHT = 120;

/** `decodeMs`: fetching and decoding the window's audio; `fftMs`: the FFTs and pixels (the rest of `drawMs` is the paint). */
type State = { status: "idle" | "loading" | "drawn" | "too-wide" | "error"; fromMs?: number; toMs?: number; drawMs?: number; decodeMs?: number; fftMs?: number; message?: string };

export const SpectrogramLane = memo(function SpectrogramLane({ audioUrl, view, durationMs }: { audioUrl: string; view: View; durationMs: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<State>({ status: "idle" });
  const width = Math.max(1, Math.round(view.viewportWidth));
  const fromMs = view.pxPerSec > 0 ? Math.max(0, Math.round((view.scrollLeft / view.pxPerSec) * 1000)) : 0;
  const toMs = view.pxPerSec > 0 ? Math.min(durationMs, Math.round(((view.scrollLeft + view.viewportWidth) / view.pxPerSec) * 1000)) : 0;

  useEffect(() => {
    if (toMs <= fromMs) return;
    if (toMs - fromMs > MAX_WINDOW_S * 1000) {
      setState({ status: "too-wide" });
      return;
    }
    const controller = new AbortController();
    // Wait for the view to settle (a drag or a scroll passes through many windows).
    const timer = setTimeout(async () => {
      setState((s) => ({ ...s, status: "loading" }));
      const began = performance.now();
      try {
        const { samples, sampleRate } = await decodeWindow(audioUrl, fromMs / 1000, toMs / 1000, controller.signal);
        if (controller.signal.aborted) return;
        const decoded = performance.now();
        // The window may end before the view does (the end of the recording).
        const columns = Math.max(1, Math.round(((toMs - fromMs) / 1000) * view.pxPerSec));
        const { data, bins } = spectrogram(samples, sampleRate, columns);
        const pixels = spectrogramPixels(data, bins, columns, HEIGHT) as Uint8ClampedArray<ArrayBuffer>;
        const computed = performance.now();
        const ctx = canvas.current?.getContext("2d");
        if (!ctx) return;
        ctx.clearRect(0, 0, width, HEIGHT);
        ctx.putImageData(new ImageData(pixels, columns, HEIGHT), Math.round((fromMs / 1000) * view.pxPerSec - view.scrollLeft), 0);
        setState({ status: "drawn", fromMs, toMs, drawMs: Math.round(performance.now() - began), decodeMs: Math.round(decoded - began), fftMs: Math.round(computed - decoded) });
      } catch (error) {
        if (!controller.signal.aborted) setState({ status: "error", message: error instanceof Error ? error.message : String(error) });
      }
    }, 120);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [audioUrl, fromMs, toMs, width, view.pxPerSec, view.scrollLeft]);

  return (
    <div
      className="relative overflow-hidden border-b border-slate-300 bg-white"
      style={{ height: HEIGHT }}
      data-testid="spectrogram"
      data-status={state.status}
      data-from-ms={state.fromMs}
      data-to-ms={state.toMs}
      data-draw-ms={state.drawMs}
      data-decode-ms={state.decodeMs}
      data-fft-ms={state.fftMs}
    >
      <canvas ref={canvas} width={width} height={HEIGHT} className="absolute inset-0" style={{ width, height: HEIGHT }} aria-label="Spectrogram of the visible part, 0 to 8 kHz" role="img" />
      {state.status === "too-wide" && <p className="absolute inset-0 flex items-center px-2 text-xs text-slate-600">Zoom in to see the spectrogram (at most {MAX_WINDOW_S} s at a time).</p>}
      {state.status === "error" && (
        <p role="alert" className="absolute inset-0 flex items-center px-2 text-xs text-red-700">
          The spectrogram could not be drawn: {state.message}
        </p>
      )}
    </div>
  );
});
