"use client";
import { useEffect, useMemo, useRef, useState } from "react";
import type { ApiRequestError } from "../../api/api-client";
import { useApiQuery, useApiSession } from "../../api/use-api";
import { formatDateTime } from "../../ui/display-format";
import { usePrincipal } from "../../views/use-principal";
import { contentKey, itemsFromWire, itemsToWire, savedPlaces } from "../model/items";
import type { Scheme } from "../model/types";
import { readAnnotation, type Versioned } from "../saving/annotation-api";
import { clearLocalDraft, readLocalDraft, writeLocalDraft } from "../saving/local-draft";
import { useAnnotationSave } from "../saving/use-annotation-save";
import { useDraft } from "../saving/use-draft";
import { checkItems } from "../validation/validate";
import { findRef, listedAnnotation, schemePath } from "./editor-data";
import { useAssignment } from "./use-assignments";
import { layersFor, mayReopenOnly, readOnlyReason, roleOf } from "./workflow-roles";

// Everything the editor page needs: the assignment and the recording in it, the caller's
// role, the organisation's label scheme, the annotation with its ETag (when one exists), the
// working copy, the API's checks run in the browser, and the save/markers/conflict actions.

export function useAnnotationEditor(assignmentId: number, recordingId: string, organisation: string | null) {
  const { scope } = useApiSession();
  const principal = usePrincipal();
  const assignment = useAssignment(assignmentId);
  const ref = assignment.data ? findRef(assignment.data, recordingId, organisation) : null;
  const listed = ref ? listedAnnotation(assignment.data!, ref) : undefined;
  const scheme = useApiQuery<Scheme>(ref ? schemePath(ref.organisation) : null, undefined, { staleTime: 5 * 60_000 });

  const [server, setServer] = useState<Versioned | null>(null);
  const [loadError, setLoadError] = useState<ApiRequestError | null>(null);
  /** Set when unsaved work kept in this browser was restored on load. */
  const [restoredDraft, setRestoredDraft] = useState<string | null>(null);
  const [draftNotKept, setDraftNotKept] = useState(false);
  const layerOrder = useMemo(() => scheme.data?.layers.map((l) => l.name) ?? [], [scheme.data]);
  const draft = useDraft(layerOrder);

  // The annotation is read once (and again only on request: their version, an import).
  const annotationId = server?.annotation.id ?? listed?.id ?? null;
  const { reset, apply } = draft;
  // One read per annotation: the effect below runs again when the scheme arrives after it started
  // (layerOrder), and then takes the same read instead of asking again (the page's early request
  // is taken by the first run only). Stopped when the editor goes.
  const reading = useRef<{ id: number; controller: AbortController; read: Promise<Versioned> } | null>(null);
  useEffect(
    () => () => {
      reading.current?.controller.abort();
      reading.current = null;
    },
    [],
  );
  useEffect(() => {
    if (!scope || !listed?.id || server) return;
    const id = listed.id;
    if (reading.current?.id !== id) {
      reading.current?.controller.abort();
      const controller = new AbortController();
      reading.current = { id, controller, read: readAnnotation(id, controller.signal) };
    }
    let cancelled = false;
    reading.current.read.then(
      (loaded) => {
        if (cancelled) return;
        // Unsaved work kept in this browser comes back on top of the version it started from:
        // when someone saved since, its save meets the conflict flow (If-Match of that version).
        const local = readLocalDraft(scope, id);
        if (
          !local ||
          contentKey(itemsFromWire(local.fragments), layerOrder) ===
            contentKey(itemsFromWire(loaded.annotation.fragments), layerOrder)
        ) {
          if (local) clearLocalDraft(scope, id);
          setServer(loaded);
          reset(itemsFromWire(loaded.annotation.fragments));
          return;
        }
        const stale = local.version !== loaded.annotation.version;
        const base = stale
          ? {
              annotation: { ...loaded.annotation, fragments: local.baseFragments, version: local.version },
              etag: local.etag,
            }
          : loaded;
        setServer(base);
        reset(itemsFromWire(base.annotation.fragments));
        apply("Restore unsaved changes", () => itemsFromWire(local.fragments));
        setRestoredDraft(
          `Your unsaved changes from ${formatDateTime(local.updated)} were restored from this browser (based on version ${local.version}).` +
            (stale
              ? ` Version ${loaded.annotation.version} has been saved since: saving will merge with it.`
              : " Save to keep them, or undo to drop them."),
        );
      },
      (error: unknown) => {
        if (cancelled) return;
        if (reading.current?.id === id) reading.current = null;
        if ((error as Error).name !== "AbortError") setLoadError(error as ApiRequestError);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [scope, listed?.id, server, reset, apply, layerOrder]);

  const role = assignment.data
    ? roleOf(assignment.data, principal.user?.id ?? null, principal.isAdministrator)
    : "none";
  const readOnly = readOnlyReason(role, server?.annotation ?? null);
  const reopenOnly = mayReopenOnly(role, server?.annotation ?? null);
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
    reopenOnly,
  });

  // Unsaved work is kept in this browser (a moment after each edit) until it is saved.
  const draftDirty = draft.dirty;
  const draftItems = draft.items;
  useEffect(() => {
    const id = server?.annotation.id;
    if (!scope || !id || readOnly) return;
    if (!draftDirty) return clearLocalDraft(scope, id);
    const timer = setTimeout(() => {
      const kept = writeLocalDraft(scope, id, {
        etag: server.etag,
        version: server.annotation.version,
        baseFragments: server.annotation.fragments,
        fragments: itemsToWire(draftItems, layerOrder),
        updated: new Date().toISOString(),
      });
      setDraftNotKept(!kept);
    }, 300);
    return () => clearTimeout(timer);
  }, [scope, server, readOnly, draftItems, draftDirty, layerOrder]);

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
  const loading =
    assignment.isPending ||
    principal.isLoading ||
    (!!ref && scheme.isPending) ||
    (!!listed?.id && !server && !loadError);
  return {
    assignment: assignment.data ?? null,
    ref,
    notInAssignment: !!assignment.data && !ref,
    annotationId,
    server,
    role,
    readOnly,
    /** Read-only, but the markers may still change (the base annotator's own hand-over). */
    reopenOnly,
    scheme: scheme.data ?? null,
    lanes,
    durationMs,
    problems,
    draft,
    restoredDraft,
    dismissRestoredDraft: () => setRestoredDraft(null),
    draftNotKept,
    ...actions,
    loading,
    error,
  };
}
export type AnnotationEditor = ReturnType<typeof useAnnotationEditor>;
