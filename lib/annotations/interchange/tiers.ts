// Fragments ⇄ named interval tiers: the mapping TextGrid and EAF share.
//
// Export (`exportTiers`):
// - One tier per layer, named after the (trimmed) layer, in `layerOrder` order; listed layers
//   without labels still get a tier. Each label goes into its layer's tier with its fragment's times.
// - Labels of one layer that overlap in time go greedily (first fit, by start then end) onto extra
//   tiers "<Layer> (2)", "<Layer> (3)", …; labels with identical times keep their order across them.
// - If any label of a layer has a non-empty comment, every tier of that layer is followed by
//   "<tier> comments" with the same intervals holding the comments ("" where there is none).
// - A layer named like a generated tier of another written tier ("Words (2)" or "Words comments"
//   next to "Words") would be folded into it on import, so export refuses it instead of losing it.
// Import (`assembleTiers`):
// - "<T> comments" is a comments tier when a tier T exists; "<L> (n)" (n >= 2) folds into layer L
//   when a tier L exists. Other tiers are layers named after the trimmed tier name.
// - Blank intervals are gaps. A comment attaches to the label of its base tier with the same start
//   and end; a comment without such a label is refused rather than dropped.
// - Intervals of all tiers with identical [start, end] form one fragment, labels in tier order.
import {
  type AnnotationDocument,
  type Fragment,
  formatSeconds,
  InterchangeError,
  type Label,
  layerOrder,
} from "./model";

export type Interval = { startMs: number; endMs: number; text: string };
export type Tier = { name: string; intervals: Interval[] };

const SUBTIER = /^(.*) \((\d+)\)$/;
const COMMENTS = " comments";

/** The tiers for a document and the end of their time span: max(durationMs, last end). */
export function exportTiers(doc: AnnotationDocument): { endMs: number; tiers: Tier[] } {
  if (!Number.isSafeInteger(doc.durationMs) || doc.durationMs < 0)
    throw new InterchangeError(`durationMs ${doc.durationMs} is not a non-negative integer`);
  let endMs = doc.durationMs;
  doc.fragments.forEach((f, i) => {
    if (!Number.isSafeInteger(f.startMs) || !Number.isSafeInteger(f.endMs) || f.startMs < 0 || f.startMs >= f.endMs) {
      throw new InterchangeError(
        `fragment ${i + 1}: times ${f.startMs}–${f.endMs} ms are not integers with 0 <= startMs < endMs`,
      );
    }
    endMs = Math.max(endMs, f.endMs);
  });
  const layers = layerOrder(doc.layers, doc.fragments);
  const tiers: Tier[] = [];
  for (const layer of layers) {
    if (layer === "") throw new InterchangeError("a layer name is empty; tiers need names");
    const entries = doc.fragments
      .flatMap((f) =>
        f.labels
          .filter((l) => l.layer.trim() === layer && l.label.trim() !== "")
          .map((l) => ({ ...l, startMs: f.startMs, endMs: f.endMs })),
      )
      .sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);
    const rows: (typeof entries)[] = [[]];
    for (const e of entries) {
      const row = rows.find((r) => r.length === 0 || r[r.length - 1]!.endMs <= e.startMs);
      if (row) row.push(e);
      else rows.push([e]);
    }
    const withComments = entries.some((e) => e.comment.trim() !== "");
    rows.forEach((row, i) => {
      const name = i === 0 ? layer : `${layer} (${i + 1})`;
      tiers.push({ name, intervals: row.map((e) => ({ startMs: e.startMs, endMs: e.endMs, text: e.label })) });
      if (withComments) {
        const comments = row.map((e) => ({
          startMs: e.startMs,
          endMs: e.endMs,
          text: e.comment.trim() === "" ? "" : e.comment,
        }));
        tiers.push({ name: name + COMMENTS, intervals: comments });
      }
    });
  }
  const names = new Set<string>();
  for (const t of tiers) {
    if (names.has(t.name)) throw new InterchangeError(`two tiers would be named "${t.name}"; rename the layer`);
    names.add(t.name);
  }
  for (const layer of layers) {
    const sub = SUBTIER.exec(layer);
    const derived =
      layer.endsWith(COMMENTS) && names.has(layer.slice(0, -COMMENTS.length))
        ? layer.slice(0, -COMMENTS.length)
        : sub && Number(sub[2]) >= 2 && layers.includes(sub[1]!)
          ? sub[1]
          : null;
    if (derived !== null)
      throw new InterchangeError(`layer "${layer}" would read back as part of layer "${derived}"; rename the layer`);
  }
  return { endMs, tiers };
}

/** Fragments from imported tiers; `format` prefixes error messages (e.g. "TextGrid"). */
export function assembleTiers(tiers: readonly Tier[], format: string): Fragment[] {
  const names = tiers.map((t, i) => {
    const name = t.name.trim();
    if (name === "") throw new InterchangeError(`${format}: tier ${i + 1} has no name`);
    return name;
  });
  const all = new Set(names);
  const isComments = names.map((n) => n.endsWith(COMMENTS) && all.has(n.slice(0, -COMMENTS.length)));
  const labelTiers = new Set(names.filter((_, i) => !isComments[i]));
  const layerOf = (name: string) => {
    const sub = SUBTIER.exec(name);
    return sub && Number(sub[2]) >= 2 && labelTiers.has(sub[1]!) ? sub[1]! : name;
  };

  // Labels by tier name and time, for the comments tiers to find theirs.
  const placed = new Map<string, { label: Label; commented: boolean }[]>();
  const at = (tier: string, startMs: number, endMs: number) => `${tier}\n${startMs}:${endMs}`;
  const fragments = new Map<string, Fragment>();
  const ranged = (tier: string, iv: Interval) => {
    if (iv.startMs >= iv.endMs) {
      throw new InterchangeError(
        `${format}: tier "${tier}": interval ${formatSeconds(iv.startMs)}–${formatSeconds(iv.endMs)} s is empty or reversed (times are kept in whole milliseconds)`,
      );
    }
    return iv;
  };
  tiers.forEach((t, i) => {
    if (isComments[i]) return;
    const name = names[i]!;
    const layer = layerOf(name);
    for (const iv of t.intervals) {
      if (iv.text.trim() === "") continue;
      const { startMs, endMs } = ranged(name, iv);
      const label: Label = { layer, label: iv.text, comment: "" };
      const same = placed.get(at(name, startMs, endMs)) ?? [];
      placed.set(at(name, startMs, endMs), same);
      same.push({ label, commented: false });
      const key = `${startMs}:${endMs}`;
      const f = fragments.get(key) ?? { startMs, endMs, labels: [] };
      fragments.set(key, f);
      f.labels.push(label);
    }
  });
  tiers.forEach((t, i) => {
    if (!isComments[i]) return;
    const base = names[i]!.slice(0, -COMMENTS.length);
    for (const iv of t.intervals) {
      if (iv.text.trim() === "") continue;
      const { startMs, endMs } = ranged(names[i]!, iv);
      const target = placed.get(at(base, startMs, endMs))?.find((p) => !p.commented);
      if (!target) {
        throw new InterchangeError(
          `${format}: tier "${names[i]}": the comment at ${formatSeconds(startMs)}–${formatSeconds(endMs)} s has no label with the same start and end on tier "${base}"`,
        );
      }
      target.label.comment = iv.text;
      target.commented = true;
    }
  });
  return [...fragments.values()].sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);
}

/**
 * Bytes → text: UTF-8 (BOM optional), UTF-16 LE/BE with a BOM, or BOM-less UTF-16 recognised by
 * a zero byte next to the first (ASCII) character. A string is taken as already decoded.
 */
export function decodeText(input: string | Uint8Array, format: string): string {
  if (typeof input === "string") return input.replace(/^\uFEFF/, "");
  const b = input;
  let encoding = "utf-8";
  let skip = 0;
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) skip = 3;
  else if (b[0] === 0xff && b[1] === 0xfe) [encoding, skip] = ["utf-16le", 2];
  else if (b[0] === 0xfe && b[1] === 0xff) [encoding, skip] = ["utf-16be", 2];
  else if (b.length >= 2 && b[0] !== 0 && b[1] === 0) encoding = "utf-16le";
  else if (b.length >= 2 && b[0] === 0 && b[1] !== 0) encoding = "utf-16be";
  try {
    return new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(b.subarray(skip));
  } catch (err) {
    throw new InterchangeError(`${format}: the file is not valid ${encoding.toUpperCase()} text`, { cause: err });
  }
}
