import type { FieldError } from "@/lib/api/errors";
import { ApiRequestError, sessionCallHeaders } from "../../api/api-client";
import { takeEarly } from "../../early/early-requests";
import type { Annotation, WireFragment } from "../model/types";

// The annotation requests apiFetch cannot make: they read the ETag and send If-Match, and a
// 409 with the current state (someone saved in between) becomes a VersionConflict. Also the
// TextGrid/EAF import (multipart + If-Match) and exports. Same-origin, by the session cookie.

export type Versioned = { annotation: Annotation; etag: string };

export class VersionConflict extends Error {
  constructor(
    message: string,
    readonly current: Annotation,
    readonly etag: string,
  ) {
    super(message);
    this.name = "VersionConflict";
  }
}

type Send = {
  method?: "GET" | "POST" | "PUT";
  json?: unknown;
  form?: FormData;
  ifMatch?: string | null;
  signal?: AbortSignal;
};

async function send(path: string, request: Send): Promise<Response> {
  // A plain read the page's HTML started already (lib/web/early/early-requests.ts).
  const early = (request.method ?? "GET") === "GET" && !request.ifMatch ? takeEarly(path) : null;
  if (early) return early.catch(() => send(path, { ...request, method: "GET", ifMatch: null }));
  const headers: Record<string, string> = { Accept: "application/json", ...sessionCallHeaders() };
  if (request.json !== undefined) headers["Content-Type"] = "application/json";
  if (request.ifMatch) headers["If-Match"] = request.ifMatch;
  try {
    return await fetch(path, {
      method: request.method ?? "GET",
      headers,
      body: request.json !== undefined ? JSON.stringify(request.json) : request.form,
      signal: request.signal,
      cache: "no-store",
    });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new ApiRequestError(0, "The server could not be reached. Check the connection and try again.");
  }
}

async function versioned(response: Response): Promise<Versioned> {
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    // Not JSON: the status says enough.
  }
  const etag = response.headers.get("ETag") ?? "";
  if (response.ok) return { annotation: body as unknown as Annotation, etag };
  const message = typeof body.message === "string" ? body.message : `The server answered ${response.status}`;
  if (response.status === 409 && body.current && typeof body.current === "object")
    throw new VersionConflict(message, body.current as Annotation, etag);
  throw new ApiRequestError(response.status, message, Array.isArray(body.errors) ? (body.errors as FieldError[]) : []);
}

export const readAnnotation = async (id: number, signal?: AbortSignal): Promise<Versioned> =>
  versioned(await send(`/api/annotation/${id}`, { signal }));

export type RecordingRefInput = { tenant: string; organisation: string; challenge: string; recording: string };
export type Changes = { fragments?: WireFragment[]; doneBase?: true | null; doneFull?: true | null };

/** The first save of a recording's annotation. */
export const createAnnotation = async (
  assignment: number,
  recording: RecordingRefInput,
  changes: Changes,
): Promise<Versioned> =>
  versioned(
    await send("/api/annotations", { method: "POST", json: { assignment, recording, fragments: [], ...changes } }),
  );

/** Every later save: with If-Match, so a stale version is refused (VersionConflict) instead of overwriting. */
export const updateAnnotation = async (id: number, changes: Changes, etag: string): Promise<Versioned> =>
  versioned(await send(`/api/annotation/${id}`, { method: "PUT", json: changes, ifMatch: etag }));

/** Replaces the fragments with a Praat TextGrid or ELAN .eaf file. */
export async function importAnnotation(id: number, file: File, etag: string): Promise<Versioned> {
  const form = new FormData();
  form.append("file", file, file.name);
  return versioned(await send(`/api/annotation/${id}/import`, { method: "POST", form, ifMatch: etag }));
}

export const EXPORT_FORMATS = [
  { format: "textgrid", label: "TextGrid" },
  { format: "eaf", label: "EAF" },
  { format: "vtt", label: "WebVTT" },
  { format: "json", label: "JSON" },
] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number]["format"];

/** The saved annotation as a file, named as the API names it. */
export async function exportAnnotation(id: number, format: ExportFormat): Promise<{ blob: Blob; filename: string }> {
  const response = await send(`/api/annotation/${id}/export?format=${format}`, {});
  if (!response.ok) await versioned(response);
  const disposition = response.headers.get("Content-Disposition") ?? "";
  const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? `annotation-${id}.${format}`;
  return { blob: await response.blob(), filename };
}
