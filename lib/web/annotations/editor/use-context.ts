"use client";
import { useQuery } from "@tanstack/react-query";
import type { RecordingContext } from "@/lib/annotations/context";
import { ApiRequestError, apiFetch, sessionCallHeaders } from "../../api/api-client";
import { useApiQuery, useApiSession } from "../../api/use-api";
import { takeEarly } from "../../early/early-requests";
import { baseHandOver, earlyFullEdits, type Revision } from "../model/compare";
import type { Annotation, RecordingRefOut } from "../model/types";
import { type Cue, parseSrt } from "../prompt/srt";
import { recordingPath, referenceKey } from "./editor-data";

// The editor's context around the recording: what the student was asked to read (topic and
// SubRip prompt), who read it, the audio before an annotation exists, the reference
// annotation, and the annotation's revisions (the base hand-over and early full edits).
// Each part is optional: a part the API cannot give leaves the editor working without it.

export type ContextOut = Omit<RecordingContext, "recording"> & {
  recording: Omit<RecordingContext["recording"], "created" | "updated"> & { created: string; updated: string };
};

/** A GET that answers null for 404 (nothing there, or not in this build) instead of failing. */
async function optional<T>(path: string, signal: AbortSignal): Promise<T | null> {
  try {
    return (await apiFetch<T>(path, { signal })).data;
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 404 || error.status === 405)) return null;
    throw error;
  }
}

export function useRecordingContext(ref: RecordingRefOut | null) {
  const { scope } = useApiSession();
  const context = useApiQuery<ContextOut>(ref ? `${recordingPath(ref)}/context` : null, undefined, {
    staleTime: 5 * 60_000,
    retry: false,
  });
  const srtUrl = context.data?.challenge.srtUrl ?? null;
  const prompt = useQuery<Cue[]>({
    queryKey: ["srt", srtUrl],
    enabled: !!srtUrl,
    staleTime: Infinity,
    retry: false,
    queryFn: async ({ signal }) => {
      const response = await (takeEarly(srtUrl!) ?? fetch(srtUrl!, { headers: sessionCallHeaders(), signal }));
      if (!response.ok) throw new ApiRequestError(response.status, "The prompt could not be loaded");
      return parseSrt(await response.text());
    },
  });
  const reference = useQuery<Annotation | null>({
    queryKey: referenceKey(scope, ref),
    enabled: !!ref && !!scope,
    staleTime: 60_000,
    retry: false,
    queryFn: ({ signal }) => optional<Annotation>(`${recordingPath(ref!)}/reference`, signal),
  });
  return { context, prompt, reference };
}

/** The annotation's saved versions, or null where this build has no revisions endpoint yet. */
export function useRevisions(annotationId: number | null, version: number | null, enabled: boolean) {
  const { scope } = useApiSession();
  return useQuery<Revision[] | null>({
    queryKey: ["api", scope, `/api/annotations/${annotationId}/revisions`, { version }],
    enabled: enabled && annotationId !== null && !!scope,
    retry: false,
    staleTime: 30_000,
    queryFn: async ({ signal }) => {
      const body = await optional<Revision[] | { revisions?: Revision[]; items?: Revision[] }>(
        `/api/annotations/${annotationId}/revisions`,
        signal,
      );
      if (body === null) return null;
      return Array.isArray(body) ? body : (body.revisions ?? body.items ?? []);
    },
  });
}

export { baseHandOver, earlyFullEdits };
