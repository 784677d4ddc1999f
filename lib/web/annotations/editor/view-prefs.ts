"use client";
import { useEffect, useState } from "react";
import { usePrincipal } from "../../views/use-principal";

// Per person and browser: the zoom the editor opens at (the last one used, kept in
// localStorage under the user's id), and the waveform's height from the room the window has.

const zoomKey = (userId: string) => `annotation-editor:zoom:${userId}`;

function readZoom(key: string | null): number {
  if (!key || typeof window === "undefined") return 0;
  try {
    const value = Number(window.localStorage.getItem(key));
    return Number.isFinite(value) && value > 0 ? value : 0;
  } catch {
    return 0;
  }
}

/** The zoom this person last used (0: fit), and the key it is kept under. */
export function useZoomMemory(): { initial: number; key: string | null } {
  const userId = usePrincipal().user?.id ?? null;
  const key = userId ? zoomKey(userId) : null;
  const [initial] = useState(() => readZoom(key));
  return { initial, key };
}

/** Keeps `zoom` (when known) as this person's zoom. */
export function useRememberZoom(key: string | null, zoom: number | null): void {
  useEffect(() => {
    if (!key || zoom === null) return;
    try {
      window.localStorage.setItem(key, String(zoom));
    } catch {
      // Storage full or refused: the editor opens at fit next time.
    }
  }, [key, zoom]);
}

/** The waveform's height: about 30% of the window's height, 120 to 360 px. */
export const waveHeightFor = (windowHeight: number): number =>
  Math.round(Math.min(360, Math.max(120, windowHeight * 0.3)));

export function useWaveHeight(): number {
  const [height, setHeight] = useState(() => (typeof window === "undefined" ? 160 : waveHeightFor(window.innerHeight)));
  useEffect(() => {
    const onResize = () => setHeight(waveHeightFor(window.innerHeight));
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, []);
  return height;
}
