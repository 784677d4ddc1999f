"use client";
import { useCallback, useMemo, type RefObject, type WheelEvent } from "react";
import { Button } from "@/components/button";
import type { Span } from "@/lib/web/annotations/lanes";
import type { PeaksWaveform } from "@/lib/web/annotations/use-peaks-waveform";
import type { Item, SchemeLayer } from "@/lib/web/annotations/types";
import { Lane } from "./lane";
import { Playhead, Ruler } from "./ruler";

// The ruler, the waveform (wavesurfer draws into `container`) and one lane per layer, in one
// grid so they share their left edge; the lanes follow the waveform's zoom and scroll.

const NONE: Item[] = [];

type Props = {
  container: RefObject<HTMLDivElement | null>;
  wave: PeaksWaveform;
  durationMs: number;
  layers: SchemeLayer[];
  items: Item[];
  editableLayer: (layer: SchemeLayer) => boolean;
  selectedId: string | null;
  problemIds: ReadonlySet<string>;
  onSelect: (id: string | null) => void;
  onCreate: (layer: SchemeLayer, span: Span) => void;
  onChange: (id: string, span: Span) => void;
  /** Keyboard creation: a fragment at the playback position. */
  onAddAtCursor: (layer: SchemeLayer) => void;
  /** Scrolls a span into view (a fragment reached with Tab). */
  onReveal: (span: Span) => void;
};

export function WaveformLanes({ container, wave, durationMs, layers, items, editableLayer, selectedId, problemIds, onSelect, onCreate, onChange, onAddAtCursor, onReveal }: Props) {
  const { view, seek, scrollBy } = wave;
  const byLayer = useMemo(() => {
    const out = new Map<string, Item[]>(layers.map((l) => [l.name, []]));
    for (const item of items) out.get(item.layer)?.push(item);
    return out;
  }, [items, layers]);
  // Sideways wheels (and Shift+wheel) over the lanes scroll the waveform with them.
  const onWheel = useCallback(
    (e: WheelEvent) => {
      const dx = Math.abs(e.deltaX) > Math.abs(e.deltaY) ? e.deltaX : e.shiftKey ? e.deltaY : 0;
      if (dx) scrollBy(dx);
    },
    [scrollBy],
  );
  return (
    <div className="flex overflow-hidden rounded-md border border-slate-300 bg-white" data-testid="editor-lanes">
      <div className="w-36 shrink-0 border-r border-slate-300 bg-slate-50 text-xs">
        <div className="h-6 border-b border-slate-300" />
        <div className="flex h-24 items-center border-b border-slate-300 px-2 font-medium text-slate-600">Waveform</div>
        {layers.map((layer) => (
          <LaneHeader key={layer.name} layer={layer} count={byLayer.get(layer.name)?.length ?? 0} editable={editableLayer(layer)} onAdd={() => onAddAtCursor(layer)} />
        ))}
      </div>
      <div className="relative min-w-0 flex-1" onWheel={onWheel}>
        <Ruler view={view} durationSec={durationMs / 1000} onSeek={seek} />
        <div ref={container} className="h-24 overflow-hidden border-b border-slate-300" data-testid="waveform" data-ready={wave.ready} />
        {layers.map((layer) => (
          <Lane
            key={layer.name}
            layer={layer}
            items={byLayer.get(layer.name) ?? NONE}
            view={view}
            durationMs={durationMs}
            editable={editableLayer(layer)}
            selectedId={selectedId}
            problemIds={problemIds}
            onSelect={onSelect}
            onCreate={onCreate}
            onChange={onChange}
            onSeek={seek}
            onReveal={onReveal}
          />
        ))}
        <Playhead ws={wave.ws} view={view} />
      </div>
    </div>
  );
}

function LaneHeader({ layer, count, editable, onAdd }: { layer: SchemeLayer; count: number; editable: boolean; onAdd: () => void }) {
  return (
      <div className="flex h-11 items-center justify-between gap-1 border-b border-slate-200 pl-2">
        <span className="truncate font-medium text-slate-800" title={`${layer.name}: ${count} fragment${count === 1 ? "" : "s"}`}>
          {layer.name} <span className="font-normal text-slate-500">{count}</span>
        </span>
        {editable && (
          <Button variant="ghost" className="px-1.5 py-0.5 text-xs" aria-label={`Add a ${layer.name} fragment at the playback position`} title="Add at the playback position" onClick={onAdd}>
            +
          </Button>
        )}
      </div>
  );
}
