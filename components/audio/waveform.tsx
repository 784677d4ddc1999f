"use client";
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from "react";
import type WaveSurfer from "wavesurfer.js";
import { Button } from "@/components/button";
import { pageNonce } from "@/lib/web/ui/page-nonce";

// Audio played back in place over its waveform (wavesurfer.js v7, decoded in the browser:
// challenge audio is short). Playback runs in the <audio> element rendered here, so the
// page and its tests can read its duration. The waveform is a slider: arrows seek by a
// second, Home/End jump, Space plays and pauses.

type Props = {
  /** The audio; null while it is being fetched. */
  blob: Blob | null;
  /** Names the controls, e.g. "reference audio". */
  label: string;
  /** Drawn over the waveform once the duration is known (e.g. phonemes); positions in % of it. */
  overlay?: (duration: number) => ReactNode;
  height?: number;
};

type Status = "loading" | "ready" | "error";

export const formatTime = (s: number) => {
  const safe = Number.isFinite(s) && s > 0 ? s : 0;
  return `${Math.floor(safe / 60)}:${(safe % 60).toFixed(1).padStart(4, "0")}`;
};

export function Waveform({ blob, label, overlay, height = 72 }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const media = useRef<HTMLAudioElement>(null);
  const [ws, setWs] = useState<WaveSurfer | null>(null);
  const [status, setStatus] = useState<Status>("loading");
  const [error, setError] = useState<string | null>(null);
  const [duration, setDuration] = useState(0);
  const [time, setTime] = useState(0);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    let instance: WaveSurfer | null = null;
    let cancelled = false;
    void import("wavesurfer.js").then(({ default: WaveSurferClass }) => {
      if (cancelled || !container.current || !media.current) return;
      instance = WaveSurferClass.create({
        container: container.current,
        media: media.current,
        // Its shadow root's <style> needs the page's nonce (Content-Security-Policy).
        cspNonce: pageNonce(),
        height,
        waveColor: "#94a3b8",
        progressColor: "#1d4ed8",
        cursorColor: "#0f172a",
        cursorWidth: 2,
        barWidth: 2,
        barGap: 1,
        barRadius: 1,
        normalize: true,
        dragToSeek: true,
      });
      instance.on("ready", (d) => {
        setDuration(d);
        setStatus("ready");
      });
      instance.on("timeupdate", setTime);
      instance.on("play", () => setPlaying(true));
      instance.on("pause", () => setPlaying(false));
      instance.on("finish", () => setPlaying(false));
      instance.on("error", (e) => {
        setStatus("error");
        setError(e instanceof Error ? e.message : String(e));
      });
      setWs(instance);
    });
    return () => {
      cancelled = true;
      instance?.destroy();
    };
  }, [height]);

  useEffect(() => {
    if (!ws || !blob) return;
    setStatus("loading");
    setError(null);
    setDuration(0);
    setTime(0);
    ws.loadBlob(blob).catch((e: unknown) => {
      if ((e as Error)?.name === "AbortError") return;
      setStatus("error");
      setError(e instanceof Error ? e.message : String(e));
    });
  }, [ws, blob]);

  const ready = status === "ready" && !!ws;
  const seek = (seconds: number) => ws?.setTime(Math.max(0, Math.min(duration, seconds)));
  const onKey = (event: KeyboardEvent) => {
    if (!ready) return;
    const actions: Record<string, () => void> = {
      ArrowLeft: () => seek(time - 1),
      ArrowDown: () => seek(time - 1),
      ArrowRight: () => seek(time + 1),
      ArrowUp: () => seek(time + 1),
      Home: () => seek(0),
      End: () => seek(duration),
      " ": () => void ws.playPause(),
      Enter: () => void ws.playPause(),
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  return (
    <div
      className="rounded-md border border-slate-200 bg-white p-3"
      data-testid="waveform"
      data-status={status}
      data-duration={duration || undefined}
    >
      <div className="flex items-center gap-3">
        <Button
          variant="secondary"
          className="w-11 shrink-0 px-0"
          disabled={!ready}
          aria-label={`${playing ? "Pause" : "Play"} ${label}`}
          onClick={() => void ws?.playPause()}
        >
          <span aria-hidden>{playing ? "❚❚" : "▶"}</span>
        </Button>
        <div className="relative min-w-0 flex-1">
          {ready && overlay?.(duration)}
          <div
            ref={container}
            role="slider"
            tabIndex={ready ? 0 : -1}
            aria-label={`${label} position`}
            aria-valuemin={0}
            aria-valuemax={Math.round(duration * 10) / 10}
            aria-valuenow={Math.round(time * 10) / 10}
            aria-valuetext={`${formatTime(time)} of ${formatTime(duration)}`}
            aria-disabled={!ready}
            onKeyDown={onKey}
            className="rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
            style={{ minHeight: height }}
          />
          {status === "loading" && (
            <div role="status" className="absolute inset-0 flex items-center justify-center text-xs text-slate-500">
              Loading waveform…
            </div>
          )}
        </div>
        <span className="w-24 shrink-0 text-right text-xs text-slate-600 tabular-nums" aria-hidden>
          {formatTime(time)} / {formatTime(duration)}
        </span>
      </div>
      {status === "error" && (
        <p role="alert" className="mt-2 text-xs font-medium text-red-700">
          This audio cannot be played in this browser{error ? `: ${error}` : "."}
        </p>
      )}
      {/* The player wavesurfer drives; hidden, the controls above stand in for it. */}
      <audio ref={media} preload="auto" className="hidden" data-testid="waveform-audio" aria-label={label} />
    </div>
  );
}
