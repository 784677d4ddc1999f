import type { WireFragment } from "../model/types";

// The API names a refused fragment by its place in the request ("fragments.3.labels.0: ...",
// "fragments.5 overlaps fragments.2 on layer Words"). People need the tier, the label and the
// time: each such path is replaced by that, from the fragments the refused save sent, e.g.
// "Words fragment “hello” at 0:03.2–0:03.9: label must not be empty".

/** m:ss.t, with milliseconds only where they matter: 3200 → "0:03.2", 3215 → "0:03.215". */
export function clock(ms: number): string {
  const safe = Math.max(0, Math.round(ms));
  const minutes = Math.floor(safe / 60_000);
  const rest = safe % 60_000;
  const decimals = rest % 100 === 0 ? 1 : rest % 10 === 0 ? 2 : 3;
  const seconds = (rest / 1000).toFixed(decimals).padStart(3 + decimals, "0");
  return `${minutes}:${seconds}`;
}

const PATH = /\b(fragments|annotations)\.(\d+)(?:\.labels\.(\d+))?(?:\.(start|end|labels|layer|label|comment))?\b/g;

/** One API message in words; `sent` are the fragments of the refused request. */
export function describeServerProblem(message: string, sent: readonly WireFragment[]): string {
  const layerHint = /on layer (\S+?)[,.]?(?:\s|$)/.exec(message)?.[1];
  return message
    .replace(PATH, (whole, _field: string, f: string, l: string | undefined, part: string | undefined) => {
      const fragment = sent[Number(f)];
      if (!fragment) return whole;
      const label =
        l !== undefined
          ? fragment.labels[Number(l)]
          : (fragment.labels.find((x) => x.layer === layerHint) ?? fragment.labels[0]);
      const text = label
        ? `${label.layer} fragment${label.label.trim() ? ` “${label.label.trim()}”` : ""}`
        : "Fragment";
      const named = `${text} at ${clock(fragment.start * 1000)}–${clock(fragment.end * 1000)}`;
      return part && part !== "labels" ? `${named}: ${part}` : named;
    })
    .replace(/: (start|end|layer|label|comment):/g, ": $1");
}
