// Times as the editor shows them: seconds with milliseconds, and m:ss.mmm past a minute.

export function formatMs(ms: number): string {
  const safe = Number.isFinite(ms) && ms > 0 ? Math.round(ms) : 0;
  const minutes = Math.floor(safe / 60_000);
  const seconds = ((safe % 60_000) / 1000).toFixed(3);
  return minutes ? `${minutes}:${seconds.padStart(6, "0")}` : `${seconds} s`;
}

/** "Words “cat” 0.500 s–0.900 s": names an item in messages and for screen readers. */
export const describeItem = (item: { layer: string; label: string; startMs: number; endMs: number }): string =>
  `${item.layer} ${item.label.trim() ? `“${item.label.trim()}”` : "(no label)"} ${formatMs(item.startMs)}–${formatMs(item.endMs)}`;

/** A ruler label: whole seconds as m:ss, finer steps with the decimals the step needs. */
export function rulerLabel(seconds: number, stepSeconds: number): string {
  const decimals = stepSeconds >= 1 ? 0 : stepSeconds >= 0.1 ? 1 : 2;
  const minutes = Math.floor(seconds / 60);
  const rest = (seconds - minutes * 60).toFixed(decimals);
  return minutes ? `${minutes}:${rest.padStart(decimals ? 3 + decimals : 2, "0")}` : decimals ? rest : `${rest}s`;
}
