"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { ApiRequestError } from "../../api/api-client";
import { apiKey, useApiSession } from "../../api/use-api";
import { toast } from "../../ui/toast";
import { assignmentPath } from "../editor/use-assignments";
import { itemsFromWire, itemsToWire } from "../model/items";
import { type Choice, type Merge, resolveMerge, threeWayMerge } from "../model/merge";
import type { Item, Problem, RecordingRefOut, WireFragment } from "../model/types";
import { describeServerProblem } from "../validation/problem-wording";
import { type Changes, createAnnotation, updateAnnotation, VersionConflict, type Versioned } from "./annotation-api";
import { clearLocalDraft } from "./local-draft";
import { useAnnotationFiles } from "./use-annotation-files";
import type { Draft } from "./use-draft";

// Saving: the first save creates the annotation (POST), every later one sends If-Match with
// the ETag it holds. A 409 with the current state is a conflict: a three-way merge of the
// version this draft started from, mine and theirs (merge.ts); when no edits overlap it is
// saved on top of theirs by itself, otherwise the annotator chooses per group of fragments
// (or loads theirs, or keeps all of mine). The API's 422 messages are reworded to name the
// tier, label and time (problem-wording.ts). Imports are read in the browser and previewed
// (import-preview.ts, use-annotation-files.ts) and then become one undoable step of the draft.

type Markers = Pick<Changes, "doneBase" | "doneFull">;
export type Conflict = { theirs: Versioned; mine: WireFragment[]; markers: Markers; message: string; merge: Merge };

type Options = {
  assignmentId: number;
  ref: RecordingRefOut | null;
  server: Versioned | null;
  setServer: (v: Versioned) => void;
  draft: Draft;
  layerOrder: readonly string[];
  problems: Problem[];
  readOnly: boolean;
  /** Read-only fragments, yet marker changes allowed (the base annotator reopening their hand-over). */
  reopenOnly?: boolean;
};

export function useAnnotationSave({
  assignmentId,
  ref,
  server,
  setServer,
  draft,
  layerOrder,
  problems,
  readOnly,
  reopenOnly = false,
}: Options) {
  const { scope } = useApiSession();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const [serverProblems, setServerProblems] = useState<string[]>([]);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [merged, setMerged] = useState<string | null>(null);

  const accept = useCallback(
    (result: Versioned, replaceItems: boolean) => {
      setServer(result);
      const items = itemsFromWire(result.annotation.fragments);
      if (replaceItems) draft.reset(items);
      else draft.markSaved(items);
      setSavedAt(new Date());
      setServerProblems([]);
      if (scope && result.annotation.id) clearLocalDraft(scope, result.annotation.id);
      void queryClient.invalidateQueries({ queryKey: apiKey(scope, assignmentPath(assignmentId)) });
    },
    [setServer, draft, queryClient, scope, assignmentId],
  );

  /** Sends `fragments` (when given) and markers on top of `base`; the outcome, or a failure already shown. */
  const send = useCallback(
    async (
      base: Versioned | null,
      fragments: WireFragment[] | null,
      markers: Markers,
    ): Promise<{ ok: true; result: Versioned } | { ok: false; error: unknown }> => {
      const changes: Changes = { ...(fragments ? { fragments } : {}), ...markers };
      try {
        const result = base
          ? await updateAnnotation(base.annotation.id!, changes, base.etag)
          : await createAnnotation(
              assignmentId,
              {
                tenant: ref!.tenant ?? "",
                organisation: ref!.organisation,
                challenge: ref!.challenge,
                recording: ref!.recording,
              },
              changes,
            );
        return { ok: true, result };
      } catch (error) {
        return { ok: false, error };
      }
    },
    [assignmentId, ref],
  );

  const shown = useCallback((error: unknown, sent: WireFragment[] | null) => {
    if (error instanceof ApiRequestError && (error.status === 422 || error.status === 409)) {
      const messages = error.errors.length
        ? error.errors.map((e) => e.message ?? `${e.field}: ${e.code}`)
        : [error.message];
      setServerProblems(messages.map((m) => describeServerProblem(m, sent ?? [])));
    } else {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  }, []);

  /** Saves the draft (when changed, or when nothing exists yet, or `items` when given) with marker changes, on top of `base`. */
  const saveOn = useCallback(
    async (base: Versioned | null, markers: Markers = {}, force = false, items?: Item[]): Promise<boolean> => {
      const markersOnly = !force && !items && !draft.dirty && !!base;
      if ((readOnly && !(reopenOnly && markersOnly)) || !ref || saving) return false;
      const sendFragments = force || !!items || draft.dirty || !base;
      if (sendFragments && !items && problems.length > 0) {
        setServerProblems([]);
        toast.error(
          `Nothing was saved: ${problems.length === 1 ? "1 fragment needs" : `${problems.length} fragments need`} fixing first (see the list below the lanes).`,
        );
        return false;
      }
      setMerged(null);
      const mine = itemsToWire(items ?? draft.items, layerOrder);
      const fragments = sendFragments ? mine : null;
      setSaving(true);
      try {
        const outcome = await send(base, fragments, markers);
        if (outcome.ok) {
          // The draft already holds what was sent (restores and merges are applied to it as steps you can undo).
          accept(outcome.result, false);
          return true;
        }
        const error = outcome.error;
        if (!base) {
          // The first save: someone may have started this annotation meanwhile; the assignment tells.
          toast.error(error instanceof Error ? error.message : String(error));
          void queryClient.invalidateQueries({ queryKey: apiKey(scope, assignmentPath(assignmentId)) });
          return false;
        }
        if (!(error instanceof VersionConflict)) {
          shown(error, fragments);
          return false;
        }
        // Someone saved since `base`: merge base, mine and theirs.
        const theirs: Versioned = { annotation: error.current, etag: error.etag };
        const merge = threeWayMerge(
          itemsFromWire(base.annotation.fragments),
          itemsFromWire(mine),
          itemsFromWire(theirs.annotation.fragments),
        );
        if (merge.conflicts.length === 0) {
          const result = resolveMerge(merge, {});
          draft.apply("Merge with their changes", () => result);
          const again = await send(theirs, itemsToWire(result, layerOrder), markers);
          if (again.ok) {
            accept(again.result, false);
            setMerged(
              `Someone saved this annotation while you were editing; their changes and yours did not overlap, so both were kept and saved as version ${again.result.annotation.version}.`,
            );
            return true;
          }
          if (!(again.error instanceof VersionConflict)) {
            shown(again.error, itemsToWire(result, layerOrder));
            return false;
          }
        }
        setConflict({ theirs, mine, markers, message: error.message, merge });
        return false;
      } finally {
        setSaving(false);
      }
    },
    [
      readOnly,
      reopenOnly,
      ref,
      saving,
      draft.dirty,
      draft.items,
      draft.apply,
      problems.length,
      layerOrder,
      assignmentId,
      accept,
      send,
      shown,
      queryClient,
      scope,
    ],
  );

  const save = useCallback(() => saveOn(server), [saveOn, server]);
  const setMarkers = useCallback((markers: Markers) => saveOn(server, markers), [saveOn, server]);

  /** Their version replaces mine. */
  const loadTheirs = useCallback(() => {
    if (!conflict) return;
    accept(conflict.theirs, true);
    setSavedAt(null);
    setConflict(null);
  }, [conflict, accept]);

  /** Per conflict group mine or theirs, everything else merged; saved on top of theirs. */
  const saveMerged = useCallback(
    async (choices: Record<number, Choice>) => {
      if (!conflict) return;
      const theirs = conflict.theirs;
      const items = resolveMerge(conflict.merge, choices);
      draft.apply("Merge with their version", () => items);
      setServer(theirs);
      setConflict(null);
      await saveOn(theirs, conflict.markers, true, items);
    },
    [conflict, setServer, saveOn, draft],
  );

  /** An older version back: one undoable step, saved at once as a new version. */
  const restore = useCallback(
    async (version: number, fragments: WireFragment[]) => {
      const items = itemsFromWire(fragments);
      draft.apply(`Restore version ${version}`, () => items);
      if (await saveOn(server, {}, true, items)) toast.success(`Version ${version} restored`);
    },
    [draft, saveOn, server],
  );

  const files = useAnnotationFiles({ server, readOnly, draft });

  return {
    saving,
    savedAt,
    serverProblems,
    conflict,
    merged,
    dismissMerged: () => setMerged(null),
    save,
    setMarkers,
    loadTheirs,
    saveMerged,
    ...files,
    restore,
    dismissServerProblems: () => setServerProblems([]),
  };
}
