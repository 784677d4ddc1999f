import type { FieldError } from "@/lib/api/errors";
import { takeEarly } from "../early/early-requests";
import { ACT_AS_HEADER, SESSION_CALL_HEADER } from "../session/session";

// The browser's client of our own API: same-origin calls the API answers by the session
// cookie (or a Bearer token when one is given), JSON in and out, the API's own error message
// (and field errors) on failure, and the next-page cursor of paginated lists.

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldError[] = [],
    /** The whole JSON error body (some answers carry more, e.g. an import's row report). */
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "ApiRequestError";
  }
}

export type ApiResult<T> = { data: T; status: number; nextCursor: string | null };

export type ApiRequest = {
  /** A bearer token; without one the session cookie speaks for the current view. */
  token?: string;
  /** Make this one call as a scope below the current view (lib/auth/session-cookie.ts). */
  actAs?: string;
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Query parameters; undefined and empty values are left out, arrays repeat the key. */
  query?: Record<string, string | number | readonly string[] | undefined>;
  /** A JSON body. */
  json?: unknown;
  /** A form-encoded body (the token endpoint). */
  form?: Record<string, string>;
  signal?: AbortSignal;
};

export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { Accept: "application/json", ...sessionCallHeaders(request.actAs) };
  if (request.token) headers.Authorization = `Bearer ${request.token}`;
  let body: string | URLSearchParams | undefined;
  if (request.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(request.json);
  } else if (request.form) {
    body = new URLSearchParams(request.form);
  }
  let response: Response;
  try {
    const url = withQuery(path, request.query);
    const method = request.method ?? (body ? "POST" : "GET");
    // A read the page's HTML started already (lib/web/early/early-requests.ts), for the view itself.
    const ask = () => fetch(url, { method, headers, body, signal: request.signal, cache: "no-store" });
    // A started read that failed (the network, not an answer) is asked again, as downloadFile does.
    const early = method === "GET" && !request.token && !request.actAs ? takeEarly(url) : null;
    response = await (early ? early.catch(ask) : ask());
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new ApiRequestError(0, "The server could not be reached. Check the connection and try again.");
  }
  const payload = await readJson(response);
  if (!response.ok) throw toError(response.status, payload);
  return { data: payload as T, status: response.status, nextCursor: nextCursor(response.headers.get("Link")) };
}

/** What every call of our pages to the API carries (the session cookie goes by itself). */
export function sessionCallHeaders(actAs?: string): Record<string, string> {
  return { [SESSION_CALL_HEADER]: "fetch", ...(actAs ? { [ACT_AS_HEADER]: actAs } : {}) };
}

export function withQuery(path: string, query: ApiRequest["query"]): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === "") continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes("?") ? "&" : "?"}${qs}` : path;
}

/** The `startCursor` of a `Link: <...>; rel="next"` header, or null on the last page. */
export function nextCursor(link: string | null): string | null {
  const url = link && /<([^>]+)>\s*;\s*rel="?next"?/.exec(link)?.[1];
  if (!url) return null;
  try {
    return new URL(url).searchParams.get("startCursor");
  } catch {
    return null;
  }
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toError(status: number, payload: unknown): ApiRequestError {
  const body = (payload && typeof payload === "object" ? payload : {}) as {
    message?: unknown;
    error_description?: unknown;
    errors?: unknown;
  };
  const message =
    typeof body.message === "string"
      ? body.message
      : typeof body.error_description === "string"
        ? body.error_description
        : `The server answered ${status}`;
  return new ApiRequestError(status, message, Array.isArray(body.errors) ? (body.errors as FieldError[]) : [], body);
}
