"use client";
import { useQuery } from "@tanstack/react-query";
import { type RefObject, useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import type WaveSurfer from "wavesurfer.js";
import type { ApiRequestError } from "../../api/api-client";
import { downloadFile } from "../../api/api-upload";
import { useApiSession } from "../../api/use-api";
import { pageNonce } from "../../ui/page-nonce";
import type { View } from "../lanes/lanes";
import { flatPeaks, type Peaks, parsePeaks } from "./waveform-peaks";

// The waveform of a long recording without decoding it: wavesurfer draws the API's precomputed
// peaks (10 ms per point) for the known duration, and plays the normalised Ogg Opus streamed
// by an <audio> element (same-origin: the API answers it by the session cookie, so its URL
// carries no token).
// The lanes follow wavesurfer's zoom and scroll through `view`.

// wavesurfer's chunk is requested as soon as this code loads, alongside the page's API reads,
// instead of after the peaks have arrived (it was the last request before the editor was usable).
let wavesurferModule: Promise<typeof import("wavesurfer.js")> | null = null;
const loadWavesurfer = () => (wavesurferModule ??= import("wavesurfer.js"));
if (typeof window !== "undefined") void loadWavesurfer().catch(() => (wavesurferModule = null));

/** The peaks behind `peaksUrl`, parsed; flat ones when the recording has none. */
export function usePeaks(peaksUrl: string | null, durationSec: number | null) {
  const { scope } = useApiSession();
  return useQuery<Peaks, ApiRequestError | Error>({
    queryKey: ["peaks", scope, peaksUrl ?? `flat:${durationSec}`],
    queryFn: async ({ signal }) =>
      peaksUrl ? parsePeaks(await (await downloadFile(peaksUrl, signal)).arrayBuffer()) : flatPeaks(durationSec ?? 0),
    enabled: !!scope && (!!peaksUrl || durationSec !== null),
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  });
}

type Options = {
  container: RefObject<HTMLDivElement | null>;
  media: RefObject<HTMLAudioElement | null>;
  audioUrl: string | null;
  peaks: Peaks | null;
  durationSec: number;
  height: number;
  /** The zoom (px/s) to open at, e.g. the one this person used last (0: fit). */
  initialZoom?: number;
};

/** Playback rates offered; the pitch is kept (HTMLMediaElement.preservesPitch). */
export const RATES = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;

export type Loop = { startMs: number; endMs: number };

const EMPTY_VIEW: View = { pxPerSec: 0, scrollLeft: 0, viewportWidth: 0 };

export function usePeaksWaveform({ container, media, audioUrl, peaks, durationSec, height, initialZoom = 0 }: Options) {
  const [ws, setWs] = useState<WaveSurfer | null>(null);
  const [ready, setReady] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [view, setView] = useState<View>(EMPTY_VIEW);
  const [zoom, setZoomState] = useState(0);
  const [rate, setRateState] = useState(1);
  const [loop, setLoopState] = useState<Loop | null>(null);
  const opening = useRef({ height, initialZoom });
  opening.current = { height, initialZoom };

  useEffect(() => {
    if (!audioUrl || !peaks || !durationSec) return;
    let instance: WaveSurfer | null = null;
    let cancelled = false;
    setReady(false);
    void loadWavesurfer().then(({ default: WaveSurferClass }) => {
      if (cancelled || !container.current || !media.current) return;
      const ws = WaveSurferClass.create({
        container: container.current,
        media: media.current,
        // Its shadow root's <style> needs the page's nonce (Content-Security-Policy).
        cspNonce: pageNonce(),
        height: opening.current.height,
        waveColor: "#94a3b8",
        progressColor: "#475569",
        cursorColor: "#b91c1c",
        cursorWidth: 2,
        normalize: true,
        fillParent: true,
        minPxPerSec: 0,
        autoScroll: true,
        autoCenter: false,
        interact: true,
      });
      instance = ws;
      // Its scroll container is a scrollable region: reachable from the keyboard, with a name.
      const scroller = ws.getWrapper().parentElement;
      scroller?.setAttribute("tabindex", "0");
      scroller?.setAttribute("role", "region");
      scroller?.setAttribute("aria-label", "Waveform");
      const measure = () => {
        const width = ws.getWrapper().clientWidth;
        setView({
          pxPerSec: durationSec > 0 ? width / durationSec : 0,
          scrollLeft: ws.getScroll(),
          viewportWidth: ws.getWidth(),
        });
      };
      ws.on("ready", () => {
        setReady(true);
        const zoomTo = opening.current.initialZoom;
        if (zoomTo > 0 && zoomTo > ws.getWidth() / durationSec) {
          ws.zoom(zoomTo);
          setZoomState(zoomTo);
        }
        measure();
      });

      for (const event of ["redraw", "redrawcomplete", "zoom", "resize", "scroll"] as const) ws.on(event, measure);
      ws.on("play", () => setPlaying(true));
      ws.on("pause", () => setPlaying(false));
      ws.on("finish", () => setPlaying(false));
      ws.on("error", (e) => setError(e instanceof Error ? e.message : String(e)));
      ws.load(audioUrl, [peaks.max, peaks.min], durationSec).catch((e: unknown) => {
        if ((e as Error)?.name !== "AbortError") setError(e instanceof Error ? e.message : String(e));
      });
      setWs(ws);
    });
    return () => {
      cancelled = true;
      instance?.destroy();
      setWs(null);
      setReady(false);
    };
  }, [container, media, audioUrl, peaks, durationSec]);

  // The height follows the room available, without building the waveform again.
  useEffect(() => {
    // (Not when it is the height it was made with: setOptions draws the whole waveform again.)
    if (ws && ready && ws.options.height !== height) ws.setOptions({ height });
  }, [ws, ready, height]);

  const setZoom = useCallback(
    (pxPerSec: number) => {
      setZoomState(pxPerSec);
      if (ws && ready) ws.zoom(pxPerSec);
    },
    [ws, ready],
  );

  /** Zooms keeping the time under `anchorX` (px from the view's left edge) where it is. */
  const zoomAt = useCallback(
    (pxPerSec: number, anchorX: number) => {
      if (!ws || !ready || view.pxPerSec <= 0) return;
      const anchorSec = (ws.getScroll() + anchorX) / view.pxPerSec;
      setZoomState(pxPerSec);
      ws.zoom(pxPerSec);
      const nowPx = pxPerSec || ws.getWidth() / durationSec;
      ws.setScroll(Math.max(0, anchorSec * nowPx - anchorX));
    },
    [ws, ready, view.pxPerSec, durationSec],
  );

  /** Playback rate, pitch kept. */
  const setRate = useCallback(
    (next: number) => {
      setRateState(next);
      if (media.current) media.current.preservesPitch = true;
      ws?.setPlaybackRate(next, true);
    },
    [ws, media],
  );

  /** Plays `span` over and over (null: stops looping, playback goes on). */
  const setLoop = useCallback(
    (span: Loop | null) => {
      setLoopState(span);
      if (span && ws) void ws.play(span.startMs / 1000);
    },
    [ws],
  );
  // While a loop is set, each frame sends the playback back to its start once it passes its end
  // (read from the media element itself: its own timeupdate comes only every 250 ms).
  useEffect(() => {
    if (!loop) return;
    let frame = 0;
    const tick = () => {
      const el = media.current;
      if (el && !el.paused && el.currentTime * 1000 >= loop.endMs) el.currentTime = loop.startMs / 1000;
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [loop, media]);

  /** Scrolls so that the view starts at `ms`. */
  const scrollToMs = useCallback((ms: number) => ws?.setScroll((ms / 1000) * view.pxPerSec), [ws, view.pxPerSec]);
  /** Moves the playback position by `deltaMs`. */
  const seekBy = useCallback(
    (deltaMs: number) => ws?.setTime(Math.max(0, Math.min(durationSec, ws.getCurrentTime() + deltaMs / 1000))),
    [ws, durationSec],
  );

  /** Scrolls the waveform (and so the lanes) by `dx` pixels. */
  const scrollBy = useCallback((dx: number) => ws?.setScroll(ws.getScroll() + dx), [ws]);
  const seek = useCallback(
    (ms: number) => ws?.setTime(Math.max(0, Math.min(durationSec, ms / 1000))),
    [ws, durationSec],
  );
  const playPause = useCallback(() => void ws?.playPause(), [ws]);
  const playRange = useCallback((startMs: number, endMs: number) => void ws?.play(startMs / 1000, endMs / 1000), [ws]);

  /** Scrolls so that the span is in view (when it is not). */
  const reveal = useCallback(
    (span: { startMs: number; endMs: number }) => {
      if (!ws || view.pxPerSec <= 0) return;
      const [from, to] = [(span.startMs / 1000) * view.pxPerSec, (span.endMs / 1000) * view.pxPerSec];
      const scroll = ws.getScroll();
      if (from >= scroll && to <= scroll + view.viewportWidth) return;
      ws.setScroll(Math.max(0, from - view.viewportWidth / 4));
    },
    [ws, view.pxPerSec, view.viewportWidth],
  );

  /** The px/s that fits the whole recording in view. */
  const fitPxPerSec = durationSec > 0 && view.viewportWidth > 0 ? view.viewportWidth / durationSec : 0;
  return {
    ws,
    ready,
    playing,
    error,
    view,
    zoom,
    setZoom,
    zoomAt,
    fitPxPerSec,
    scrollBy,
    scrollToMs,
    seek,
    seekBy,
    playPause,
    playRange,
    reveal,
    rate,
    setRate,
    loop,
    setLoop,
  };
}
export type PeaksWaveform = ReturnType<typeof usePeaksWaveform>;

/** The playback position in ms, for the few small components that follow it. */
export function useWaveTime(ws: WaveSurfer | null): number {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!ws) return () => {};
      const subs = [ws.on("timeupdate", onChange), ws.on("seeking", onChange), ws.on("interaction", onChange)];
      return () => subs.forEach((unsubscribe) => unsubscribe());
    },
    [ws],
  );
  return useSyncExternalStore(
    subscribe,
    () => Math.round((ws?.getCurrentTime() ?? 0) * 1000),
    () => 0,
  );
}
