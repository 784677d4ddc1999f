"use client";
import { type PointerEvent, useMemo, useState } from "react";
import { Button } from "@/components/button";
import type { AnnotationEditor } from "@/lib/web/annotations/editor/use-annotation-editor";
import { useRevisions } from "@/lib/web/annotations/editor/use-context";
import { inWindow, msToX, type View, visibleWindow, xToMs } from "@/lib/web/annotations/lanes/lanes";
import { formatMs } from "@/lib/web/annotations/lanes/time-format";
import { baseHandOver, type Change, compare } from "@/lib/web/annotations/model/compare";
import { itemsToWire } from "@/lib/web/annotations/model/items";
import type { Annotation } from "@/lib/web/annotations/model/types";
import type { Cue } from "@/lib/web/annotations/prompt/srt";

// Read-only lanes under the editing lanes, at the waveform's zoom and scroll: the prompt
// (the challenge's SubRip cues at their times), the recording's reference annotation (one
// lane per layer), and — for the full annotator — what changed since the base hand-over.
// A click seeks; nothing here is edited.

type Span = { key: string; startMs: number; endMs: number; text: string; tone: keyof typeof TONES; describe: string };
type LaneSpec = { key: string; name: string; hint: string; spans: Span[] };

const TONES = {
  prompt: "border-amber-500 bg-amber-50 text-slate-900",
  reference: "border-violet-500 bg-violet-50 text-slate-900",
  added: "border-green-700 bg-green-100 text-green-950",
  removed: "border-red-600 bg-red-50 text-red-950 line-through",
  changed: "border-amber-600 bg-amber-100 text-amber-950",
};
const SIGN: Record<Change["kind"], string> = { added: "+", removed: "−", changed: "~" };

type Props = {
  editor: AnnotationEditor;
  view: View;
  onSeek: (ms: number) => void;
  cues: Cue[];
  reference: Annotation | null;
};

export function ContextLanes({ editor, view, onSeek, cues, reference }: Props) {
  const annotation = editor.server!.annotation;
  const mayCompare =
    (editor.role === "full" || editor.role === "admin") && !!editor.assignment?.baseAnnotator && !!annotation.doneBase;
  const [comparing, setComparing] = useState(false);
  const revisions = useRevisions(editor.annotationId, annotation.version, comparing && mayCompare);
  // The revisions may already be read (the early-work notice reads them too): the summary always
  // compares the hand-over version with what the editor holds now, never with an empty list
  // (which read "7 removed" until "Compare" was pressed, and again after a reload).
  const handOver = revisions.data ? baseHandOver(revisions.data) : null;
  const comparison = useMemo(
    () => (handOver ? compare(handOver.fragments, itemsToWire(editor.draft.items)) : null),
    [handOver, editor.draft.items],
  );

  const lanes: LaneSpec[] = [];
  if (cues.length) {
    lanes.push({
      key: "prompt",
      name: "Prompt",
      hint: "What the student was asked to read",
      spans: cues.map((c, i) => ({ key: `p${i}`, ...c, tone: "prompt", describe: `Prompt “${c.text}”` })),
    });
  }
  for (const [layer, spans] of referenceLayers(reference))
    lanes.push({
      key: `ref-${layer}`,
      name: `Reference ${layer}`,
      hint: "The recording's reference annotation (read-only)",
      spans,
    });
  if (comparing && comparison) {
    lanes.push({
      key: "changes",
      name: "Since base",
      hint: "Changes since the base annotator's hand-over",
      spans: comparison.changes.map((c, i) => ({
        key: `c${i}`,
        startMs: c.startMs,
        endMs: c.endMs,
        text: `${SIGN[c.kind]} ${c.kind === "changed" && c.before.label !== c.label ? `${c.before.label} → ${c.label}` : c.label}`,
        tone: c.kind,
        describe: `${c.kind} ${c.layer} “${c.label}”${c.kind === "changed" ? ` (was “${c.before.label}” ${formatMs(c.before.startMs)}–${formatMs(c.before.endMs)})` : ""}`,
      })),
    });
  }
  return (
    <div className="space-y-2" data-testid="context-lanes">
      {mayCompare && (
        <div className="flex flex-wrap items-center gap-3 text-sm text-slate-800">
          <Button aria-pressed={comparing} onClick={() => setComparing((c) => !c)}>
            {comparing ? "Hide the comparison" : "Compare with the base hand-over"}
          </Button>
          {comparing && revisions.isPending && <span>Loading the base hand-over…</span>}
          {comparing && revisions.data === null && (
            <span>This server keeps no revisions yet, so the base hand-over cannot be shown.</span>
          )}
          {comparing && revisions.isError && (
            <span role="alert">The revisions could not be loaded: {revisions.error.message}</span>
          )}
          {comparing && revisions.data && !handOver && <span>No saved version marks the hand-over.</span>}
          {comparison && (
            <span data-testid="comparison-summary">
              Since the base hand-over{handOver ? ` (version ${handOver.version})` : ""}: {comparison.counts.added}{" "}
              added, {comparison.counts.removed} removed, {comparison.counts.changed} changed, {comparison.unchanged}{" "}
              unchanged.
            </span>
          )}
        </div>
      )}
      {lanes.length > 0 && (
        <div className="flex overflow-hidden rounded-md border border-slate-300 bg-white">
          <div className="w-36 shrink-0 border-r border-slate-300 bg-slate-50 text-xs">
            {lanes.map((lane) => (
              <div
                key={lane.key}
                className="flex h-11 items-center border-b border-slate-200 px-2 font-medium text-slate-800"
                title={lane.hint}
              >
                <span className="truncate">{lane.name}</span>
              </div>
            ))}
          </div>
          <div className="relative min-w-0 flex-1">
            {lanes.map((lane) => (
              <ReadOnlyLane key={lane.key} lane={lane} view={view} onSeek={onSeek} />
            ))}
          </div>
        </div>
      )}
    </div>
  );
}

function referenceLayers(reference: Annotation | null): Map<string, Span[]> {
  const out = new Map<string, Span[]>();
  reference?.fragments.forEach((f, i) =>
    f.labels.forEach((l, j) => {
      const startMs = Math.round(f.start * 1000);
      const endMs = Math.round(f.end * 1000);
      const span: Span = {
        key: `r${i}-${j}`,
        startMs,
        endMs,
        text: l.label,
        tone: "reference",
        describe: `Reference ${l.layer} “${l.label}”`,
      };
      out.set(l.layer, [...(out.get(l.layer) ?? []), span]);
    }),
  );
  return out;
}

function ReadOnlyLane({ lane, view, onSeek }: { lane: LaneSpec; view: View; onSeek: (ms: number) => void }) {
  const shown = visibleWindow(view);
  const visible = lane.spans.filter((s) => inWindow(s, shown)).slice(0, 1500);
  const onPointerDown = (e: PointerEvent<HTMLUListElement>) => {
    if (e.button === 0 && view.pxPerSec > 0)
      onSeek(xToMs(e.clientX - e.currentTarget.getBoundingClientRect().left, view));
  };
  return (
    <ul
      aria-label={`${lane.name} lane (read-only): ${lane.hint}`}
      data-testid={`context-lane-${lane.key}`}
      className="relative h-11 overflow-hidden border-b border-slate-200 bg-slate-50 select-none"
      onPointerDown={onPointerDown}
    >
      {visible.map((s) => {
        const left = msToX(s.startMs, view);
        const width = Math.max(3, msToX(s.endMs, view) - left);
        const label = `${s.describe} ${formatMs(s.startMs)}–${formatMs(s.endMs)}`;
        return (
          <li
            key={s.key}
            title={label}
            data-kind={s.tone}
            style={{ left, width }}
            className={`absolute top-1 bottom-1 overflow-hidden rounded border px-1.5 text-xs leading-8 whitespace-nowrap ${TONES[s.tone]}`}
          >
            <span aria-hidden>{s.text}</span>
            <span className="sr-only">{label}</span>
          </li>
        );
      })}
    </ul>
  );
}
