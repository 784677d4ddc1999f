"use client";
import { useEffect, useMemo, useState } from "react";
import { usePrincipal } from "../use-principal";
import { useApiQuery, useApiSession } from "../use-api";
import type { ApiRequestError } from "../api-client";
import { readAnnotation, type Versioned } from "./annotation-api";
import { itemsFromWire, savedPlaces } from "./items";
import { layersFor, readOnlyReason, roleOf } from "./roles";
import { useAssignment } from "./use-assignments";
import { useDraft } from "./use-draft";
import { useAnnotationSave } from "./use-annotation-save";
import { checkItems } from "./validate";
import type { Scheme } from "./types";

// Everything the editor page needs: the assignment and the recording in it, the caller's
// role, the organisation's label scheme, the annotation with its ETag (when one exists), the
// working copy, the API's checks run in the browser, and the save/markers/conflict actions.

export function useAnnotationEditor(assignmentId: number, recordingId: string, organisation: string | null) {
  const { scope } = useApiSession();
  const principal = usePrincipal();
  const assignment = useAssignment(assignmentId);
  const ref = assignment.data?.recordings.find((r) => r.recording === recordingId && (!organisation || r.organisation === organisation)) ?? null;
  const listed = ref ? assignment.data!.annotations.find((a) => a.recording.recording === ref.recording && a.recording.organisation === ref.organisation) : undefined;
  const scheme = useApiQuery<Scheme>(ref ? `/api/organisations/${encodeURIComponent(ref.organisation)}/annotation-scheme` : null, undefined, { staleTime: 5 * 60_000 });

  const [server, setServer] = useState<Versioned | null>(null);
  const [loadError, setLoadError] = useState<ApiRequestError | null>(null);
  const layerOrder = useMemo(() => scheme.data?.layers.map((l) => l.name) ?? [], [scheme.data]);
  const draft = useDraft(layerOrder);

  // The annotation is read once (and again only on request: their version, an import).
  const annotationId = server?.annotation.id ?? listed?.id ?? null;
  const { reset } = draft;
  useEffect(() => {
    if (!scope || !listed?.id || server) return;
    const controller = new AbortController();
    readAnnotation(listed.id, controller.signal).then(
      (loaded) => {
        setServer(loaded);
        reset(itemsFromWire(loaded.annotation.fragments));
      },
      (error: unknown) => {
        if ((error as Error).name !== "AbortError") setLoadError(error as ApiRequestError);
      },
    );
    return () => controller.abort();
  }, [scope, listed?.id, server, reset]);

  const role = assignment.data ? roleOf(assignment.data, principal.user?.id ?? null, principal.isAdministrator) : "none";
  const readOnly = readOnlyReason(role, server?.annotation ?? null);
  const lanes = useMemo(() => layersFor(scheme.data?.layers ?? [], role), [scheme.data, role]);
  const durationMs = server?.annotation.duration == null ? null : Math.round(server.annotation.duration * 1000);
  const saved = useMemo(() => savedPlaces(server?.annotation.fragments ?? []), [server]);
  const problems = useMemo(
    () => checkItems(draft.items, { layers: scheme.data?.layers ?? [], durationMs, role, saved }),
    [draft.items, scheme.data, durationMs, role, saved],
  );

  const actions = useAnnotationSave({
    assignmentId,
    ref,
    server,
    setServer,
    draft,
    layerOrder,
    problems,
    readOnly: readOnly !== null,
  });

  // Leaving with unsaved changes asks first.
  useEffect(() => {
    if (!draft.dirty || readOnly) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [draft.dirty, readOnly]);

  const error = assignment.error ?? scheme.error ?? loadError ?? principal.error ?? null;
  const loading = assignment.isPending || principal.isLoading || (!!ref && scheme.isPending) || (!!listed?.id && !server && !loadError);
  return {
    assignment: assignment.data ?? null,
    ref,
    notInAssignment: !!assignment.data && !ref,
    annotationId,
    server,
    role,
    readOnly,
    scheme: scheme.data ?? null,
    lanes,
    durationMs,
    problems,
    draft,
    ...actions,
    loading,
    error,
  };
}
export type AnnotationEditor = ReturnType<typeof useAnnotationEditor>;
