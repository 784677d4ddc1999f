"use client";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/button";

// Hear one sound of the API (same-origin: the session cookie lets the browser fetch it), or a
// span of it (`from`/`to` in seconds): a student's own word, or the reference's.
export function PlayButton({
  url,
  label,
  from,
  to,
  text,
}: {
  url: string;
  label: string;
  from?: number;
  to?: number;
  /** A short visible word beside the icon ("Me", "Example"); the label says it all to screen readers. */
  text?: string;
}) {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => () => audio.current?.pause(), []);

  function play() {
    audio.current?.pause();
    const a = new Audio(url);
    audio.current = a;
    setFailed(false);
    a.onended = () => setPlaying(false);
    a.onerror = () => {
      setPlaying(false);
      setFailed(true);
    };
    if (to !== undefined) {
      a.ontimeupdate = () => {
        if (a.currentTime >= to) {
          a.pause();
          setPlaying(false);
        }
      };
    }
    if (from !== undefined) a.currentTime = from;
    setPlaying(true);
    a.play().catch(() => setPlaying(false));
  }

  return (
    <Button onClick={play} aria-label={label} variant="secondary" className="px-2 py-1">
      <span aria-hidden>{playing ? "🔊" : "▶"}</span>
      {text && <span aria-hidden>{text}</span>}
      <span className="sr-only">{failed ? " (could not be played)" : ""}</span>
    </Button>
  );
}
