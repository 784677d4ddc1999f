import { ApiError, type FieldError } from "@/lib/api/errors";
import type { RecordingInfo } from "./recording-refs";
import type { AnnotationOut, FragmentInput, Layer } from "./schemas";

// Fragments are kept in whole milliseconds (so exports format exact times) and shown in
// seconds. Checks: 0 <= start < end <= the recording's duration; known layers and labels;
// no overlap within a layer that forbids it; base annotators only use their subset.
// A label already saved at the same place (layer, label, start, end) is exempt from the
// scheme and subset checks: a changed scheme, or a full annotator's correction, never
// blocks the next save of the annotation around it.

export type Label = { layer: string; label: string; comment: string };
export type Fragment = { startMs: number; endMs: number; labels: Label[] };
export type Editor = "admin" | "full" | "base";

export const toMs = (seconds: number): number => Math.round(seconds * 1000);

export function fromInput(input: FragmentInput[]): Fragment[] {
  return input.map((f) => ({
    startMs: toMs(f.start),
    endMs: toMs(f.end),
    labels: f.labels.map((l) => ({ layer: l.layer, label: l.label, comment: l.comment })),
  }));
}

export function toWire(fragments: Fragment[]) {
  return fragments.map((f) => ({ start: f.startMs / 1000, end: f.endMs / 1000, labels: f.labels }));
}

export const parseStored = (text: string): Fragment[] => JSON.parse(text) as Fragment[];

/** Sorted by start, then end (the order responses and exports use). */
export const sortFragments = (fragments: Fragment[]): Fragment[] =>
  [...fragments].sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);

const placeKey = (l: Label, f: Fragment) => JSON.stringify([l.layer, l.label, f.startMs, f.endMs]);

export type CheckContext = {
  layers: Layer[];
  durationMs: number | null;
  editor: Editor;
  previous: Fragment[];
  /** The request field the fragments came in (`fragments`, or `annotations` for references). */
  field: string;
  resource: string;
};

/** Throws a 422 naming every problem (at most 20) when the fragments break a rule. */
export function checkFragments(fragments: Fragment[], ctx: CheckContext): void {
  const problems: string[] = [];
  const layers = new Map(ctx.layers.map((l) => [l.name, l]));
  const saved = new Set(ctx.previous.flatMap((f) => f.labels.map((l) => placeKey(l, f))));
  const seconds = (ms: number) => `${ms / 1000} s`;

  fragments.forEach((f, i) => {
    const at = `${ctx.field}.${i}`;
    if (f.startMs >= f.endMs)
      problems.push(`${at}: start (${seconds(f.startMs)}) must be before end (${seconds(f.endMs)})`);
    if (ctx.durationMs !== null && f.endMs > ctx.durationMs) {
      problems.push(`${at}: end (${seconds(f.endMs)}) is after the end of the recording (${seconds(ctx.durationMs)})`);
    }
    f.labels.forEach((l, j) => {
      if (saved.has(placeKey(l, f))) return;
      const where = `${at}.labels.${j}`;
      const layer = layers.get(l.layer);
      if (!layer)
        return void problems.push(
          `${where}: unknown layer "${l.layer}" (layers: ${ctx.layers.map((x) => x.name).join(", ")})`,
        );
      const entry = layer.freeText ? null : layer.labels.find((x) => x.label === l.label);
      if (!layer.freeText && !entry)
        return void problems.push(`${where}: "${l.label}" is not a label of layer ${l.layer}`);
      if (ctx.editor === "base" && !(layer.baseAllowed && (entry?.baseAllowed ?? true))) {
        problems.push(`${where}: "${l.label}" on layer ${l.layer} is for full annotators only`);
      }
    });
  });

  for (const layer of ctx.layers.filter((l) => !l.allowOverlap)) {
    const spans = fragments
      .flatMap((f, i) =>
        f.labels.filter((l) => l.layer === layer.name).map(() => ({ i, start: f.startMs, end: f.endMs })),
      )
      .sort((a, b) => a.start - b.start || a.end - b.end);
    // Each span is compared with the one reaching furthest so far (not merely its predecessor),
    // so a long span is reported against every span it covers.
    for (let k = 1, reach = spans[0]; k < spans.length; k++) {
      const b = spans[k];
      if (b.start < reach.end)
        problems.push(
          `${ctx.field}.${b.i} overlaps ${ctx.field}.${reach.i} on layer ${layer.name}, which does not allow overlaps`,
        );
      if (b.end > reach.end) reach = b;
    }
  }

  if (problems.length === 0) return;
  const shown = problems.slice(0, 20);
  const errors: FieldError[] = shown.map((message) => ({
    resource: ctx.resource,
    field: ctx.field,
    code: "invalid",
    message,
  }));
  const more = problems.length > shown.length ? ` (and ${problems.length - shown.length} more)` : "";
  throw new ApiError("validation", `Invalid ${ctx.field}: ${shown[0]}${more}`, errors);
}

type Saved = { fragments: string; version: number; created: Date; updated: Date };
type Own = { id: number | null; doneBase: Date | null; doneFull: Date | null; assignment: number | null };

/** The response shape shared by annotations and reference annotations (which have no id, assignment or markers). */
export function annotationShape(own: Own, row: Saved, info: RecordingInfo): AnnotationOut {
  return {
    ...own,
    recording: info.ref,
    fragments: toWire(sortFragments(parseStored(row.fragments))),
    audioUrl: info.audioUrl,
    peaksUrl: info.peaksUrl,
    normalisedAudioUrl: info.normalisedAudioUrl,
    duration: info.durationMs === null ? null : info.durationMs / 1000,
    version: row.version,
    created: row.created,
    updated: row.updated,
  } as unknown as AnnotationOut;
}
