import "server-only";
import { headers } from "next/headers";
import { cache } from "react";
import { sessionStack } from "@/lib/auth/session-cookie";
import { config } from "@/lib/config";
import { ROUTE_MODULES } from "@/lib/openapi/route-modules";
import { type ApiRequest, nextCursor, withQuery } from "../api/api-client";
import { matchRoute } from "./route-match";

// The API called in-process while a page renders on the server, as the view the browser will
// use: the top token of the request's session cookie, the very token the browser's own calls
// stand for (lib/auth/session-cookie.ts). The route handler itself answers (withApi, its policy,
// its schemas), so the server can hand the browser nothing the API would not give it, in the
// same shape.

export type View = { scope: string; token: string };

/** The current view of the request being rendered (the session cookie's top entry), or null. */
export const currentView = cache(async (): Promise<View | null> => {
  const top = (await sessionStack((await headers()).get("cookie")))?.at(-1);
  return top ? { scope: top.scope, token: top.token } : null;
});

export type ServerAnswer<T> = {
  status: number;
  data: T;
  etag: string | null;
  nextCursor: string | null;
  /** The answer as the API sent it (a JSON one goes in the page: ./early-script.tsx answered). */
  body: string;
  headers: Record<string, string>;
};

/** GET `path` (e.g. "/api/user") as `view`; null when no route of its own serves it. */
export async function serverGet<T>(
  view: View,
  path: string,
  query?: ApiRequest["query"],
): Promise<ServerAnswer<T> | null> {
  return (await readOnce(view.token, withQuery(path, query))) as ServerAnswer<T> | null;
}

// Once per request, token and URL: the layout and the page may both need who the view is.
const readOnce = cache(async (token: string, url: string): Promise<ServerAnswer<unknown> | null> => {
  const path = url.split("?")[0]!;
  if (!path.startsWith("/api/")) return null;
  const match = matchRoute(ROUTE_MODULES, path.slice(4));
  if (!match) return null;
  const handler = (await match.entry.load()).GET;
  if (typeof handler !== "function") return null;
  const request = new Request(`${config().publicBaseUrl}${url}`, {
    headers: { Accept: "application/json", Authorization: `Bearer ${token}` },
  });
  const response = (await handler(request, { params: Promise.resolve(match.params) })) as Response;
  const text = await response.text();
  const json = response.headers.get("Content-Type")?.includes("json") && text;
  const headers: Record<string, string> = {};
  for (const name of ["Content-Type", "ETag", "Link"]) {
    const value = response.headers.get(name);
    if (value) headers[name] = value;
  }
  return {
    status: response.status,
    data: json ? JSON.parse(text) : undefined,
    etag: response.headers.get("ETag"),
    nextCursor: nextCursor(response.headers.get("Link")),
    body: text,
    headers,
  };
});
