"use client";
import dynamic from "next/dynamic";
import { type RefObject, useCallback, useEffect, useMemo, useRef, useState, type WheelEvent } from "react";
import { Button } from "@/components/button";
import type { PeaksWaveform } from "@/lib/web/annotations/audio/use-peaks-waveform";
import type { Peaks } from "@/lib/web/annotations/audio/waveform-peaks";
import { FINE_PX_PER_SEC, type Span, stepZoom } from "@/lib/web/annotations/lanes/lanes";
import type { Item, SchemeLayer } from "@/lib/web/annotations/model/types";
import { Lane } from "./lane";
import { OverviewBar } from "./overview-bar";
import { Playhead, Ruler } from "./ruler";

// The ruler, the waveform (wavesurfer draws into `container`) and one lane per layer, in one
// grid so they share their left edge; the lanes follow the waveform's zoom and scroll.

const NONE: Item[] = [];

// Loaded when first shown (deep zoom, the spectrogram switched on), not with the editor: they
// bring the Opus decoder's glue and the FFT, which the first paint does not need.
const FineWave = dynamic(() => import("./fine-wave").then((m) => m.FineWave), { ssr: false });
const SpectrogramLane = dynamic(() => import("./spectrogram-lane").then((m) => m.SpectrogramLane), { ssr: false });

type Props = {
  container: RefObject<HTMLDivElement | null>;
  wave: PeaksWaveform;
  /** The whole recording's peaks (the overview bar). */
  peaks: Peaks | null;
  /** The waveform's height in px. */
  height: number;
  durationMs: number;
  /** The audio the spectrogram decodes windows of (null: no spectrogram). */
  audioUrl?: string | null;
  layers: SchemeLayer[];
  items: Item[];
  editableLayer: (layer: SchemeLayer) => boolean;
  selectedId: string | null;
  problemIds: ReadonlySet<string>;
  onSelect: (id: string | null) => void;
  onCreate: (layer: SchemeLayer, span: Span) => void;
  onChange: (id: string, span: Span) => void;
  /** The boundary two touching fragments of a layer share, dragged to `ms`. */
  onBoundary: (leftId: string, rightId: string, ms: number) => void;
  /** Keyboard creation: a fragment at the playback position. */
  onAddAtCursor: (layer: SchemeLayer) => void;
  /** Scrolls a span into view (a fragment reached with Tab). */
  onReveal: (span: Span) => void;
};

export function WaveformLanes({
  container,
  wave,
  peaks,
  height,
  durationMs,
  audioUrl = null,
  layers,
  items,
  editableLayer,
  selectedId,
  problemIds,
  onSelect,
  onCreate,
  onChange,
  onBoundary,
  onAddAtCursor,
  onReveal,
}: Props) {
  const { view, seek, scrollBy, scrollToMs } = wave;
  const area = useRef<HTMLDivElement>(null);
  const [spectrogram, setSpectrogram] = useState(false);
  // Ctrl+wheel zooms around the pointer (a listener of its own: React's wheel listeners are passive).
  const zoomState = useRef(wave);
  zoomState.current = wave;
  useEffect(() => {
    const el = area.current;
    if (!el) return;
    const onWheel = (e: globalThis.WheelEvent) => {
      if (!e.ctrlKey && !e.metaKey) return;
      e.preventDefault();
      const w = zoomState.current;
      if (!w.ready || !e.deltaY) return;
      const next = stepZoom(w.zoom, e.deltaY < 0 ? 1 : -1, w.fitPxPerSec);
      if (next !== w.zoom) w.zoomAt(next, e.clientX - el.getBoundingClientRect().left);
    };
    el.addEventListener("wheel", onWheel, { passive: false });
    return () => el.removeEventListener("wheel", onWheel);
  }, []);
  const byLayer = useMemo(() => {
    const out = new Map<string, Item[]>(layers.map((l) => [l.name, []]));
    for (const item of items) out.get(item.layer)?.push(item);
    return out;
  }, [items, layers]);
  // Only the lane holding the selection redraws when it changes.
  const selectedLayer = useMemo(
    () => (selectedId ? items.find((i) => i.id === selectedId)?.layer : undefined),
    [items, selectedId],
  );
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
        <div className="flex h-7 items-center border-b border-slate-300 px-2 text-slate-600">Overview</div>
        <div className="h-6 border-b border-slate-300" />
        <div
          className="flex items-center border-b border-slate-300 px-2 font-medium text-slate-600"
          style={{ height: height + 1 }}
        >
          <div className="flex flex-col items-start gap-1">
            Waveform
            {audioUrl && (
              <Button
                variant="ghost"
                className="px-1.5 py-0.5 text-xs font-normal"
                aria-pressed={spectrogram}
                onClick={() => setSpectrogram((on) => !on)}
              >
                {spectrogram ? "Hide spectrogram" : "Show spectrogram"}
              </Button>
            )}
          </div>
        </div>
        {spectrogram && (
          <div className="flex h-[120px] items-center border-b border-slate-300 px-2 text-slate-600">
            Spectrogram 0–8 kHz
          </div>
        )}
        {layers.map((layer) => (
          <LaneHeader
            key={layer.name}
            layer={layer}
            count={byLayer.get(layer.name)?.length ?? 0}
            editable={editableLayer(layer)}
            onAdd={() => onAddAtCursor(layer)}
          />
        ))}
      </div>
      <div ref={area} className="relative min-w-0 flex-1" onWheel={onWheel}>
        <OverviewBar peaks={peaks} durationMs={durationMs} view={view} onScrollTo={scrollToMs} />
        <Ruler view={view} durationSec={durationMs / 1000} onSeek={seek} />
        <div className="relative overflow-hidden">
          <div
            ref={container}
            className="overflow-hidden border-b border-slate-300"
            style={{ height: height + 1 }}
            data-testid="waveform"
            data-ready={wave.ready}
          />
          {wave.ready && audioUrl && view.pxPerSec >= FINE_PX_PER_SEC && (
            <FineWave audioUrl={audioUrl} view={view} durationMs={durationMs} height={height} />
          )}
        </div>
        {spectrogram && audioUrl && <SpectrogramLane audioUrl={audioUrl} view={view} durationMs={durationMs} />}
        {layers.map((layer) => (
          <Lane
            key={layer.name}
            layer={layer}
            items={byLayer.get(layer.name) ?? NONE}
            view={view}
            durationMs={durationMs}
            editable={editableLayer(layer)}
            selectedId={selectedLayer === layer.name ? selectedId : null}
            problemIds={problemIds}
            onSelect={onSelect}
            onCreate={onCreate}
            onChange={onChange}
            onBoundary={onBoundary}
            onSeek={seek}
            onReveal={onReveal}
          />
        ))}
        <Playhead ws={wave.ws} view={view} top={28} />
      </div>
    </div>
  );
}

function LaneHeader({
  layer,
  count,
  editable,
  onAdd,
}: {
  layer: SchemeLayer;
  count: number;
  editable: boolean;
  onAdd: () => void;
}) {
  return (
    <div className="flex h-11 items-center justify-between gap-1 border-b border-slate-200 pl-2">
      <span
        className="truncate font-medium text-slate-800"
        title={`${layer.name}: ${count} fragment${count === 1 ? "" : "s"}`}
      >
        {layer.name} <span className="font-normal text-slate-500">{count}</span>
      </span>
      {editable && (
        <Button
          variant="ghost"
          className="px-1.5 py-0.5 text-xs"
          aria-label={`Add a ${layer.name} fragment at the playback position`}
          title="Add at the playback position"
          onClick={onAdd}
        >
          +
        </Button>
      )}
    </div>
  );
}
