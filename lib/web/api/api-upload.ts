import type { FieldError } from "@/lib/api/errors";
import { takeEarly } from "../early/early-requests";
import { ApiRequestError, sessionCallHeaders } from "./api-client";

// What apiFetch (JSON and form-encoded only) leaves out: multipart requests with file parts,
// and downloads of the API's files (`...Url` fields), both by the session cookie. Failures throw
// the same ApiRequestError, with the API's own message and field errors.

export type Part = string | Blob;
/** Parts in order; a repeated name carries a list (choices, audio). */
export type Parts = [name: string, value: Part][];

export function toFormData(parts: Parts): FormData {
  const form = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, value, value instanceof File ? value.name : "blob");
  }
  return form;
}

async function failure(response: Response): Promise<ApiRequestError> {
  let body: { message?: unknown; errors?: unknown } = {};
  try {
    body = (await response.json()) as typeof body;
  } catch {
    // Not JSON: the status says enough.
  }
  const message = typeof body.message === "string" ? body.message : `The server answered ${response.status}`;
  return new ApiRequestError(response.status, message, Array.isArray(body.errors) ? (body.errors as FieldError[]) : []);
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, cache: "no-store" });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new ApiRequestError(0, "The server could not be reached. Check the connection and try again.");
  }
}

/** A multipart/form-data request (the browser sets the boundary); the JSON answer. */
export async function apiSendParts<T>(
  path: string,
  request: { method: "POST" | "PUT"; parts: Parts; signal?: AbortSignal },
): Promise<T> {
  const response = await send(path, {
    method: request.method,
    headers: { Accept: "application/json", ...sessionCallHeaders() },
    body: toFormData(request.parts),
    signal: request.signal,
  });
  if (!response.ok) throw await failure(response);
  return (await response.json()) as T;
}

/** The bytes behind one of the API's `...Url` fields. */
export async function downloadFile(url: string, signal?: AbortSignal): Promise<Blob> {
  const early = takeEarly(url);
  const response = early
    ? await early.catch(() => send(url, { headers: sessionCallHeaders(), signal }))
    : await send(url, { headers: sessionCallHeaders(), signal });
  if (!response.ok) throw await failure(response);
  return response.blob();
}
