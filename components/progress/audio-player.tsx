"use client";
import { useEffect, useRef, useState } from "react";

// The progress page's one player: a click on a cell or a "Play" button hands it a URL of the
// API (a recording, or a result set's combined audio), which <audio> streams (same-origin, so
// the API answers it by the session cookie) and plays at once.

/** What to play; `span` (seconds) plays only that stretch, e.g. one word of an analysis. */
export type Playing = { url: string; label: string; span?: { start: number; end: number } };

// A media fragment (#t=start,end): the browser seeks to the start and pauses at the end.
const sourceOf = ({ url, span }: Playing) => (span ? `${url}#t=${span.start.toFixed(3)},${span.end.toFixed(3)}` : url);

type Status = "idle" | "loading" | "playing" | "paused" | "error";

export function AudioPlayer({ playing, idleText }: { playing: Playing | null; idleText?: string }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [status, setStatus] = useState<Status>("idle");

  useEffect(() => {
    const a = audio.current;
    if (!a || !playing) return;
    setStatus("loading");
    a.src = sourceOf(playing);
    a.play().catch((error: Error) => {
      // A newer choice replaced this one: not a failure.
      if (error.name !== "AbortError") setStatus("error");
    });
  }, [playing]);

  return (
    <div
      className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white px-3 py-2"
      data-testid="progress-player"
      data-status={status}
    >
      <p className="min-w-48 flex-1 text-sm" aria-live="polite">
        {status === "error" ? (
          <span className="text-red-700">{playing?.label} could not be played.</span>
        ) : playing ? (
          <>
            <span className="text-slate-500">
              {status === "playing" ? "Playing" : status === "loading" ? "Loading" : "Selected"}:{" "}
            </span>
            {playing.label}
          </>
        ) : (
          <span className="text-slate-500">
            {idleText ?? "Click a recorded cell to play its result set’s combined audio."}
          </span>
        )}
      </p>
      <audio
        ref={audio}
        controls
        preload="none"
        data-testid="progress-audio"
        aria-label={playing ? `Audio: ${playing.label}` : "Audio"}
        onPlaying={() => setStatus("playing")}
        onPause={() => setStatus((s) => (s === "playing" ? "paused" : s))}
        onError={() => playing && setStatus("error")}
        className="h-9 w-full max-w-md"
      />
    </div>
  );
}
