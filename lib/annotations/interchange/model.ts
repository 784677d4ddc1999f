// The shared model of annotation interchange (TextGrid, EAF, WebVTT): framework-free, no I/O.
//
// Decisions:
// - Times are integer milliseconds everywhere. They are written as exact decimal seconds by
//   `formatSeconds` (TextGrid) or as integers (EAF, WebVTT), and read back with decimal string
//   arithmetic (`parseSecondsToMs`, round half up), never through float multiplication, so
//   every exported time reads back as the same integer.
// - A label whose text is empty or only whitespace cannot be told apart from a gap in either
//   format, so it is not exported and `canonicalFragments` drops it (and fragments left without
//   labels). A whitespace-only comment counts as no comment (""). Layer names are trimmed.
// - Every unreadable input raises `InterchangeError` with a message naming what and where.

export type Label = { layer: string; label: string; comment: string };
/** Integer milliseconds, 0 <= startMs < endMs. */
export type Fragment = { startMs: number; endMs: number; labels: Label[] };
export type AnnotationDocument = {
  /** E.g. "annotation-12" or "reference-rec1"; used as file/tier-set title. */
  name: string;
  /** Duration of the recording in integer ms. */
  durationMs: number;
  /** Preferred tier order; layers used by fragments but not listed follow in order of first appearance. */
  layers: string[];
  fragments: Fragment[];
  /** Audio URL, for ELAN's MEDIA_DESCRIPTOR. */
  mediaUrl?: string | null;
};
export type ImportedAnnotation = { durationMs: number | null; fragments: Fragment[] };

/** Unreadable or unrepresentable input; the message says what and where (safe to show to users). */
export class InterchangeError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "InterchangeError";
  }
}

/** Integer ms → exact decimal seconds: 0 → "0", 1500 → "1.5", 61001 → "61.001". */
export function formatSeconds(ms: number): string {
  if (!Number.isSafeInteger(ms) || ms < 0)
    throw new InterchangeError(`time ${ms} is not a non-negative integer number of milliseconds`);
  const whole = Math.floor(ms / 1000);
  const frac = ms % 1000;
  return frac === 0 ? String(whole) : `${whole}.${String(frac).padStart(3, "0").replace(/0+$/, "")}`;
}

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/** Decimal seconds ("2", "1.2345", "1.5e-3") → integer ms, rounded half up; refuses negative or non-finite values. */
export function parseSecondsToMs(text: string): number {
  const m = DECIMAL.exec(text.trim());
  if (!m || (m[2] === "" && (m[3] ?? "") === ""))
    throw new InterchangeError(`"${clip(text)}" is not a number of seconds`);
  const [, sign, int, frac = "", expText = "0"] = m;
  let digits = int + frac;
  // Position of the decimal point inside `digits` once the value is scaled to milliseconds.
  let point = int.length + Number(expText) + 3;
  const lead = digits.length - digits.replace(/^0+/, "").length;
  digits = digits.slice(lead);
  point -= lead;
  if (digits === "") return 0; // zero, whatever its sign or exponent
  if (sign === "-") throw new InterchangeError(`"${clip(text)}" is a negative time`);
  if (!Number.isFinite(point) || point > 16) throw new InterchangeError(`"${clip(text)}" is too large a time`);
  const whole = point > 0 ? Number(digits.slice(0, point).padEnd(point, "0")) : 0;
  const next = point >= 0 ? (digits[point] ?? "0") : "0";
  const ms = whole + (next >= "5" ? 1 : 0);
  if (!Number.isSafeInteger(ms)) throw new InterchangeError(`"${clip(text)}" is too large a time`);
  return ms;
}

export function clip(text: string, max = 40): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** Layer order: `layers` first (trimmed, deduplicated), then layers of the fragments in order of first appearance. */
export function layerOrder(layers: readonly string[], fragments: readonly Fragment[]): string[] {
  const order = new Set(layers.map((l) => l.trim()));
  for (const f of fragments) for (const l of f.labels) order.add(l.layer.trim());
  return [...order];
}

/**
 * The canonical form two equivalent fragment lists share: blank labels dropped, whitespace-only
 * comments as "", fragments with identical start/end merged, sorted by start then end, labels
 * (stably) by layer: `layers` order first, other layers after, by name. Fragments left without
 * labels are dropped.
 */
export function canonicalFragments(fragments: readonly Fragment[], layers: readonly string[]): Fragment[] {
  const rank = new Map(layers.map((l, i) => [l.trim(), i] as const));
  const byTime = new Map<string, Fragment>();
  for (const f of fragments) {
    const key = `${f.startMs}:${f.endMs}`;
    let merged = byTime.get(key);
    if (!merged) byTime.set(key, (merged = { startMs: f.startMs, endMs: f.endMs, labels: [] }));
    for (const l of f.labels) {
      if (l.label.trim() === "") continue;
      merged.labels.push({ layer: l.layer.trim(), label: l.label, comment: l.comment.trim() === "" ? "" : l.comment });
    }
  }
  const compareLayers = (a: string, b: string) => {
    const ra = rank.get(a) ?? Infinity;
    const rb = rank.get(b) ?? Infinity;
    return ra !== rb ? ra - rb : ra === Infinity && a !== b ? (a < b ? -1 : 1) : 0;
  };
  return [...byTime.values()]
    .filter((f) => f.labels.length > 0)
    .sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs)
    .map((f) => ({ ...f, labels: f.labels.sort((a, b) => compareLayers(a.layer, b.layer)) }));
}
