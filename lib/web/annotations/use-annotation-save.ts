"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { ApiRequestError } from "../api-client";
import { toast } from "../toast";
import { apiKey, useApiSession } from "../use-api";
import {
  VersionConflict,
  createAnnotation,
  exportAnnotation,
  importAnnotation,
  saveBlob,
  updateAnnotation,
  type Changes,
  type ExportFormat,
  type Versioned,
} from "./annotation-api";
import { itemsFromWire, itemsToWire } from "./items";
import { assignmentPath } from "./use-assignments";
import type { Draft } from "./use-draft";
import type { Problem, RecordingRefOut } from "./types";

// Saving: the first save creates the annotation (POST), every later one sends If-Match with
// the ETag it holds. A 409 with the current state opens the conflict: load their version
// (dropping mine) or keep mine (saved again on top of their ETag). The API's 422 messages
// are kept to show where the browser's own checks did not catch something.

type Markers = Pick<Changes, "doneBase" | "doneFull">;
export type Conflict = { theirs: Versioned; mine: ReturnType<typeof itemsToWire>; markers: Markers; message: string };

type Options = {
  assignmentId: number;
  ref: RecordingRefOut | null;
  server: Versioned | null;
  setServer: (v: Versioned) => void;
  draft: Draft;
  layerOrder: readonly string[];
  problems: Problem[];
  readOnly: boolean;
};

export function useAnnotationSave({ assignmentId, ref, server, setServer, draft, layerOrder, problems, readOnly }: Options) {
  const { scope } = useApiSession();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const [serverProblems, setServerProblems] = useState<string[]>([]);
  const [conflict, setConflict] = useState<Conflict | null>(null);

  const accept = useCallback(
    (result: Versioned, replaceItems: boolean) => {
      setServer(result);
      const items = itemsFromWire(result.annotation.fragments);
      if (replaceItems) draft.reset(items);
      else draft.markSaved(items);
      setSavedAt(new Date());
      setServerProblems([]);
      void queryClient.invalidateQueries({ queryKey: apiKey(scope, assignmentPath(assignmentId)) });
    },
    [setServer, draft, queryClient, scope, assignmentId],
  );

  const failed = useCallback((error: unknown, markers: Markers) => {
    if (error instanceof VersionConflict) {
      setConflict({ theirs: { annotation: error.current, etag: error.etag }, mine: itemsToWire(draft.items, layerOrder), markers, message: error.message });
    } else if (error instanceof ApiRequestError && (error.status === 422 || error.status === 409)) {
      setServerProblems(error.errors.length ? error.errors.map((e) => e.message ?? `${e.field}: ${e.code}`) : [error.message]);
    } else {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  }, [draft.items, layerOrder]);

  /** Saves the draft (when changed, or when nothing exists yet) with marker changes, on top of `base`. */
  const saveOn = useCallback(
    async (base: Versioned | null, markers: Markers = {}, force = false): Promise<boolean> => {
      if (readOnly || !ref || saving) return false;
      const sendFragments = force || draft.dirty || !base;
      if (sendFragments && problems.length > 0) {
        setServerProblems([]);
        toast.error(`Nothing was saved: ${problems.length === 1 ? "1 fragment needs" : `${problems.length} fragments need`} fixing first (see the list below the lanes).`);
        return false;
      }
      const changes: Changes = { ...(sendFragments ? { fragments: itemsToWire(draft.items, layerOrder) } : {}), ...markers };
      setSaving(true);
      try {
        const result = base
          ? await updateAnnotation(base.annotation.id!, changes, base.etag)
          : await createAnnotation(assignmentId, { tenant: ref.tenant ?? "", organisation: ref.organisation, challenge: ref.challenge, recording: ref.recording }, changes);
        accept(result, false);
        return true;
      } catch (error) {
        if (!base) {
          // The first save: someone may have started this annotation meanwhile; the assignment tells.
          toast.error(error instanceof Error ? error.message : String(error));
          void queryClient.invalidateQueries({ queryKey: apiKey(scope, assignmentPath(assignmentId)) });
        } else failed(error, markers);
        return false;
      } finally {
        setSaving(false);
      }
    },
    [readOnly, ref, saving, draft.dirty, draft.items, problems.length, layerOrder, assignmentId, accept, failed, queryClient, scope],
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

  /** Mine is saved again on top of theirs (their ETag), with the marker change that was refused. */
  const keepMine = useCallback(async () => {
    if (!conflict) return;
    const theirs = conflict.theirs;
    setServer(theirs);
    setConflict(null);
    await saveOn(theirs, conflict.markers, true);
  }, [conflict, setServer, saveOn]);

  const importFile = useCallback(
    async (file: File) => {
      if (!server || readOnly) return;
      if (draft.dirty && !window.confirm("Importing replaces every fragment, and your unsaved changes are lost. Import anyway?")) return;
      setSaving(true);
      try {
        accept(await importAnnotation(server.annotation.id!, file, server.etag), true);
        toast.success(`Imported ${file.name}`);
      } catch (error) {
        failed(error, {});
      } finally {
        setSaving(false);
      }
    },
    [server, readOnly, draft.dirty, accept, failed],
  );

  const download = useCallback(
    async (format: ExportFormat) => {
      if (!server?.annotation.id) return;
      try {
        const file = await exportAnnotation(server.annotation.id, format);
        saveBlob(file.blob, file.filename);
      } catch (error) {
        toast.error(error instanceof Error ? error.message : String(error));
      }
    },
    [server],
  );

  return { saving, savedAt, serverProblems, conflict, save, setMarkers, loadTheirs, keepMine, importFile, download, dismissServerProblems: () => setServerProblems([]) };
}
