"use client";
import { memo, useEffect, useRef, useState } from "react";
import { SPECTROGRAM } from "@/lib/audio/spectrogram-format";
import { spectrogram, spectrogramPixels } from "@/lib/web/annotations/audio/spectrogram-columns";
import { cachedTiles, loadTiles, tilePixels } from "@/lib/web/annotations/audio/spectrogram-tiles";
import { decodeWindow } from "@/lib/web/annotations/audio/window-audio";
import type { View } from "@/lib/web/annotations/lanes/lanes";

// The spectrogram of the part of the recording in view (0–8 kHz), switched on by the annotator.
// It is drawn from the server's tiles (10 s each, made once from the normalised audio and kept;
// lib/web/annotations/audio/spectrogram-tiles.ts): only the tiles covering the view are fetched, and
// tiles already fetched draw at once. Should the tiles fail, the window's audio is decoded in the
// browser instead (lib/web/annotations/audio/window-audio.ts). While the view moves, the last drawing
// follows it until the new window is drawn. Wider than MAX_WINDOW_S: zoom in.

export const MAX_WINDOW_S = 60;
const HEIGHT = 120;
/**
 * While tiles are being fetched, a new window waits for the view to settle before fetching its
 * own (a scroll passes through many windows); otherwise (a jump, the lane switched on) it fetches at once.
 */
const SETTLE_MS = 40;
/** How long the view rests before the tile after it is fetched. */
const AHEAD_MS = 400;

/** `fetchMs`: waiting for the tiles (or fetching and decoding the audio); the rest of `drawMs` is the pixels and the paint. */
type State = {
  status: "idle" | "loading" | "drawn" | "too-wide" | "error";
  source?: "tiles" | "decoded";
  tiles?: string;
  fromMs?: number;
  toMs?: number;
  drawMs?: number;
  fetchMs?: number;
  scrollLeft?: number;
  pxPerSec?: number;
  message?: string;
};

export const SpectrogramLane = memo(function SpectrogramLane({
  audioUrl,
  view,
  durationMs,
}: {
  audioUrl: string;
  view: View;
  durationMs: number;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const loading = useRef(0);
  const [state, setState] = useState<State>({ status: "idle" });
  const width = Math.max(1, Math.round(view.viewportWidth));
  const fromMs = view.pxPerSec > 0 ? Math.max(0, Math.round((view.scrollLeft / view.pxPerSec) * 1000)) : 0;
  const toMs =
    view.pxPerSec > 0
      ? Math.min(durationMs, Math.round(((view.scrollLeft + view.viewportWidth) / view.pxPerSec) * 1000))
      : 0;
  const { pxPerSec, scrollLeft } = view;

  useEffect(() => {
    if (toMs <= fromMs) return;
    if (toMs - fromMs > MAX_WINDOW_S * 1000) {
      setState({ status: "too-wide" });
      return;
    }
    const began = performance.now();
    let cancelled = false;
    const paint = (
      pixels: Uint8ClampedArray<ArrayBuffer>,
      columns: number,
      x: number,
      fetched: number,
      source: State["source"],
      tiles?: string,
    ) => {
      const ctx = canvas.current?.getContext("2d");
      if (!ctx) return;
      ctx.clearRect(0, 0, width, HEIGHT);
      ctx.putImageData(new ImageData(pixels, columns, HEIGHT), x, 0);
      setState({
        status: "drawn",
        source,
        tiles,
        fromMs,
        toMs,
        scrollLeft,
        pxPerSec,
        drawMs: Math.round(performance.now() - began),
        fetchMs: Math.round(fetched - began),
      });
    };
    let ahead: ReturnType<typeof setTimeout> | undefined;
    const drawTiles = (tiles: Awaited<ReturnType<typeof loadTiles>>, fetched: number) => {
      paint(
        tilePixels(tiles, { scrollLeft, pxPerSec }, width, HEIGHT),
        width,
        0,
        fetched,
        "tiles",
        [...tiles.keys()].join(","),
      );
      // The view at rest: the next tile is fetched, so paging or playing on draws at once.
      const nextMs = (Math.max(...tiles.keys()) + 1) * SPECTROGRAM.tileMs;
      if (nextMs < durationMs)
        ahead = setTimeout(() => loadTiles(audioUrl, nextMs, nextMs + 1, durationMs).catch(() => {}), AHEAD_MS);
    };
    const ready = cachedTiles(audioUrl, fromMs, toMs, durationMs);
    if (ready) {
      drawTiles(ready, began);
      return () => clearTimeout(ahead);
    }
    const timer = setTimeout(
      async () => {
        setState((s) => ({ ...s, status: "loading" }));
        loading.current++;
        try {
          const tiles = await loadTiles(audioUrl, fromMs, toMs, durationMs).finally(() => loading.current--);
          if (!cancelled) drawTiles(tiles, performance.now());
        } catch {
          if (cancelled) return;
          try {
            // Nothing worse than before the tiles: decode the window here.
            const { samples, sampleRate } = await decodeWindow(audioUrl, fromMs / 1000, toMs / 1000);
            if (cancelled) return;
            const decoded = performance.now();
            // The window may end before the view does (the end of the recording).
            const columns = Math.max(1, Math.round(((toMs - fromMs) / 1000) * pxPerSec));
            const { data, bins } = spectrogram(samples, sampleRate, columns);
            paint(
              spectrogramPixels(data, bins, columns, HEIGHT) as Uint8ClampedArray<ArrayBuffer>,
              columns,
              Math.round((fromMs / 1000) * pxPerSec - scrollLeft),
              decoded,
              "decoded",
            );
          } catch (error) {
            if (!cancelled)
              setState({ status: "error", message: error instanceof Error ? error.message : String(error) });
          }
        }
      },
      loading.current > 0 ? SETTLE_MS : 0,
    );
    return () => {
      cancelled = true;
      clearTimeout(timer);
      clearTimeout(ahead);
    };
  }, [audioUrl, fromMs, toMs, width, durationMs, pxPerSec, scrollLeft]);

  // Until the new window is drawn, the last drawing moves with the view (same zoom) or is hidden.
  const shift =
    state.scrollLeft === undefined || state.pxPerSec !== view.pxPerSec ? null : state.scrollLeft - view.scrollLeft;
  return (
    <div
      className="relative overflow-hidden border-b border-slate-300 bg-white"
      style={{ height: HEIGHT }}
      data-testid="spectrogram"
      data-status={state.status}
      data-source={state.source}
      data-tiles={state.tiles}
      data-from-ms={state.fromMs}
      data-to-ms={state.toMs}
      data-draw-ms={state.drawMs}
      data-fetch-ms={state.fetchMs}
    >
      <canvas
        ref={canvas}
        width={width}
        height={HEIGHT}
        className="absolute inset-0"
        style={{
          width,
          height: HEIGHT,
          transform: shift ? `translateX(${shift}px)` : undefined,
          visibility: shift === null && state.status !== "error" ? "hidden" : undefined,
        }}
        aria-label="Spectrogram of the visible part, 0 to 8 kHz"
        role="img"
      />
      {state.status === "too-wide" && (
        <p className="absolute inset-0 flex items-center px-2 text-xs text-slate-600">
          Zoom in to see the spectrogram (at most {MAX_WINDOW_S} s at a time).
        </p>
      )}
      {state.status === "error" && (
        <p role="alert" className="absolute inset-0 flex items-center px-2 text-xs text-red-700">
          The spectrogram could not be drawn: {state.message}
        </p>
      )}
    </div>
  );
});
