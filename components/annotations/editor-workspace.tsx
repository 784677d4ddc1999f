"use client";
import dynamic from "next/dynamic";
import { type ReactNode, useCallback, useMemo, useRef, useState } from "react";
import { ErrorState } from "@/components/states";
import { type PeaksWaveform, usePeaks, usePeaksWaveform } from "@/lib/web/annotations/audio/use-peaks-waveform";
import type { AnnotationEditor } from "@/lib/web/annotations/editor/use-annotation-editor";
import { useEditorActions } from "@/lib/web/annotations/editor/use-editor-actions";
import { useRememberZoom, useWaveHeight, useZoomMemory } from "@/lib/web/annotations/editor/view-prefs";
import { defaultLabel } from "@/lib/web/annotations/editor/workflow-roles";
import { useEditorKeys } from "@/lib/web/annotations/keys/use-editor-keys";
import { newSpan, type Span } from "@/lib/web/annotations/lanes/lanes";
import { moveBoundary } from "@/lib/web/annotations/model/edits";
import type { SchemeLayer, WireFragment } from "@/lib/web/annotations/model/types";
import type { AttemptWords } from "@/lib/web/annotations/prompt/prefill";
import type { Cue } from "@/lib/web/annotations/prompt/srt";
import { usePrefill } from "@/lib/web/annotations/prompt/use-prefill";
import { problemIds } from "@/lib/web/annotations/validation/validate";
import { toast } from "@/lib/web/ui/toast";
import { DraftNotices } from "./draft-notices";
import { ExchangeControls } from "./exchange-controls";
import { FragmentPanel } from "./fragment-panel";
import { HistoryPanel } from "./history-panel";
import { KeyboardHelp } from "./keyboard-help";
import { PlaybackBar } from "./playback-bar";
import { PrefillControl } from "./prefill-control";
import { ProblemsList } from "./problems-list";
import { SaveBar } from "./save-bar";
import { UndoButtons } from "./undo-buttons";
import { WaveformLanes } from "./waveform-lanes";

// Shown only after an action (a conflicting save, an import): loaded then, not with the editor.
const ConflictPanel = dynamic(() => import("./conflict-panel").then((m) => m.ConflictPanel), { ssr: false });
const ImportPreview = dynamic(() => import("./import-preview").then((m) => m.ImportPreview), { ssr: false });

// The editor once the annotation exists: markers and saving, playback and zoom, the lanes
// under the waveform, the selected fragment, the checks, the conflict panel.

/** What the student was asked to read and the reference annotation: the sources of "Pre-fill words". */
export type PromptContext = {
  cues: Cue[];
  topic: string | null;
  reference: WireFragment[] | null;
  /** Only for a recording prepared from a reading attempt. */
  attempt?: AttemptWords | null;
};

type Props = { editor: AnnotationEditor; contextLanes?: (wave: PeaksWaveform) => ReactNode; prompt?: PromptContext };

export function EditorWorkspace({ editor, contextLanes, prompt }: Props) {
  const annotation = editor.server!.annotation;
  const { draft, role, lanes } = editor;
  const durationMs = editor.durationMs ?? 0;
  const readOnly = editor.readOnly !== null;
  const container = useRef<HTMLDivElement>(null);
  const media = useRef<HTMLAudioElement>(null);
  const [focusLabelOf, setFocusLabelOf] = useState<string | null>(null);

  const peaks = usePeaks(annotation.peaksUrl, annotation.duration);
  const source = annotation.normalisedAudioUrl ?? annotation.audioUrl;
  const audioUrl = source ?? null;
  const zoomMemory = useZoomMemory();
  const height = useWaveHeight();
  const wave = usePeaksWaveform({
    container,
    media,
    audioUrl,
    peaks: peaks.data ?? null,
    durationSec: durationMs / 1000,
    height,
    initialZoom: zoomMemory.initial,
  });
  useRememberZoom(zoomMemory.key, wave.ready ? wave.zoom : null);

  const editableLayer = useCallback(
    (layer: SchemeLayer) => !readOnly && role !== "none" && (role !== "base" || layer.baseAllowed),
    [readOnly, role],
  );
  const { add, update, remove, select } = draft;
  const onCreate = useCallback(
    (layer: SchemeLayer, span: Span) => {
      const id = add({ layer: layer.name, label: defaultLabel(layer, role), comment: "", ...span });
      setFocusLabelOf(id);
    },
    [add, role],
  );
  const onChange = useCallback((id: string, span: Span) => update(id, span), [update]);
  const { apply } = draft;
  const onBoundary = useCallback(
    (leftId: string, rightId: string, ms: number) => apply("Move boundary", moveBoundary(leftId, rightId, ms)),
    [apply],
  );
  const onAddAtCursor = useCallback(
    (layer: SchemeLayer) => {
      const at = Math.round((wave.ws?.getCurrentTime() ?? 0) * 1000);
      const span =
        newSpan(draft.items, layer.name, at, at + 500, durationMs, layer.allowOverlap) ??
        newSpan(draft.items, layer.name, at, at - 500, durationMs, layer.allowOverlap);
      if (span) onCreate(layer, span);
      else toast.error(`No room for a ${layer.name} fragment at the playback position`);
    },
    [wave.ws, draft.items, durationMs, onCreate],
  );

  const selected = draft.selected;
  const selectedEditable = !!selected && !readOnly && lanes.some((l) => l.name === selected.layer && editableLayer(l));
  const actions = useEditorActions({
    wave,
    draft,
    lanes,
    role,
    durationMs,
    editableLayer,
    save: () => void editor.save(),
    remove: () => selected && selectedEditable && remove(selected.id),
  });
  const { undo, redo } = draft;
  const keys = useMemo(
    () => (readOnly ? actions.keys : { ...actions.keys, undo, redo }),
    [readOnly, actions.keys, undo, redo],
  );
  useEditorKeys(keys, true);
  const bad = useMemo(() => problemIds(editor.problems), [editor.problems]);

  const { wordsLayer, canPrefill, prefill, onPrefill } = usePrefill({
    lanes,
    editableLayer,
    role,
    prompt,
    peaks: peaks.data ?? null,
    durationMs,
    apply,
    select,
  });
  const layerOrder = useMemo(() => editor.scheme?.layers.map((l) => l.name) ?? [], [editor.scheme]);

  return (
    <div className="space-y-4">
      {editor.readOnly && (
        <div
          role="status"
          className="rounded-md border border-slate-300 bg-slate-100 p-3 text-sm text-slate-800"
          data-testid="read-only-banner"
        >
          <span className="font-semibold">Read-only.</span> {editor.readOnly}
        </div>
      )}
      {editor.conflict && (
        <ConflictPanel
          conflict={editor.conflict}
          busy={editor.saving}
          onLoadTheirs={editor.loadTheirs}
          onSaveMerged={(choices) => void editor.saveMerged(choices)}
        />
      )}
      <DraftNotices editor={editor} />
      {editor.pendingImport && (
        <ImportPreview
          fileName={editor.pendingImport.fileName}
          imported={editor.pendingImport.imported}
          current={draft.items}
          layers={layerOrder}
          onApply={editor.applyImport}
          onCancel={editor.cancelImport}
        />
      )}
      <div className="space-y-3 rounded-md border border-slate-200 bg-white p-3">
        <SaveBar
          annotation={annotation}
          role={role}
          hasBaseAnnotator={!!editor.assignment?.baseAnnotator}
          readOnly={readOnly}
          reopenOnly={editor.reopenOnly}
          dirty={draft.dirty}
          saving={editor.saving}
          savedAt={editor.savedAt}
          onSave={() => void editor.save()}
          onMarkers={(change) => void editor.setMarkers(change)}
        />
        {!readOnly && <UndoButtons draft={draft} disabled={editor.saving} />}
        <ExchangeControls
          canImport={!readOnly && role !== "none"}
          importBlocked={annotation.doneFull ? "marked done: reopen it before importing into it" : null}
          busy={editor.saving}
          dirty={draft.dirty}
          onExport={(f) => void editor.download(f)}
          onImport={(f) => void editor.importFile(f)}
        />
      </div>
      <PlaybackBar wave={wave} durationMs={durationMs} selected={selected} />
      {peaks.isError && (
        <ErrorState title="The waveform could not be loaded" error={peaks.error} onRetry={() => peaks.refetch()} />
      )}
      {wave.error && (
        <p role="alert" className="text-sm font-medium text-red-700">
          The audio cannot be played in this browser: {wave.error}
        </p>
      )}
      <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-3">
          <WaveformLanes
            container={container}
            wave={wave}
            peaks={peaks.data ?? null}
            height={height}
            durationMs={durationMs}
            audioUrl={audioUrl}
            layers={lanes}
            items={draft.items}
            editableLayer={editableLayer}
            selectedId={draft.selectedId}
            problemIds={bad}
            onSelect={select}
            onCreate={onCreate}
            onChange={onChange}
            onBoundary={onBoundary}
            onAddAtCursor={onAddAtCursor}
            onReveal={wave.reveal}
          />
          {contextLanes?.(wave)}
          <HistoryPanel
            annotationId={annotation.id!}
            currentVersion={annotation.version}
            current={draft.items}
            layers={layerOrder}
            canRestore={!readOnly && role !== "none"}
            busy={editor.saving}
            onRestore={(r) => void editor.restore(r.version, r.fragments)}
          />
          <ProblemsList
            problems={editor.problems}
            serverProblems={editor.serverProblems}
            onSelect={select}
            onDismissServer={editor.dismissServerProblems}
          />
          <KeyboardHelp />
        </div>
        <div className="space-y-3">
          <FragmentPanel
            item={selected}
            layers={lanes}
            role={role}
            editable={selected ? selectedEditable : !readOnly && role !== "none"}
            focusLabelOf={focusLabelOf}
            onChange={update}
            onDelete={remove}
            onPlay={(item) => wave.playRange(item.startMs, item.endMs)}
            onSplit={actions.split}
            onMerge={actions.merge}
            onLoop={actions.toggleLoop}
            looping={!!wave.loop}
          />
          {canPrefill && wordsLayer && (
            <PrefillControl
              layer={wordsLayer.name}
              sources={prefill}
              existing={(layers) => draft.items.filter((i) => layers.includes(i.layer)).length}
              disabled={editor.saving}
              onApply={onPrefill}
            />
          )}
        </div>
      </div>
      {/* The player wavesurfer drives (streamed, never decoded as a whole); the controls above stand in for it. */}
      <audio ref={media} preload="metadata" className="hidden" data-testid="annotation-audio" />
    </div>
  );
}
