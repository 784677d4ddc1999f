import { SESSION_CALL_HEADER } from "../session/session";

// Early requests: on a page load, the API reads a page will make first are started by a small
// script in the page's HTML (./early-script.tsx), as soon as the browser parses it, instead of
// one after the other once the page's scripts have loaded and asked (who am I, then the
// assignment, then its annotation, then the peaks...). They are the very GETs the page's code
// makes (same URL, same headers, the session cookie): the browser's own client (apiFetch,
// downloadFile, readAnnotation) takes the started one instead of asking again. So the API
// decides what the view sees, as for any call, and answers are never cached: each one is taken
// once, only soon after the load, and all are dropped when the view changes.
// Reads the server made itself while rendering (./server-api.ts: the route handler, called as
// this view) come in the page with their answer, instead of being asked for again.

declare global {
  interface Window {
    __earlyRequests?: Record<string, EarlyEntry>;
    /** Set before the page loads by the benchmarks (bench/web/) to measure the page without early requests. */
    __earlyRequestsOff?: boolean;
  }
}

type EarlyEntry = { at: number; response: Promise<Response> };

/** One early GET: a path of ours, whether it is a JSON read (Accept: application/json) or a file, and its answer when the server has it already. */
export type EarlyRequest = { url: string; json: boolean; answer?: EarlyAnswer };

/** An answer the API gave this view while the page was rendered: handed over as a Response, as if fetched. */
export type EarlyAnswer = { status: number; body: string; headers: Record<string, string> };

/** Older than this, an early answer is not taken (the page has long been asking by itself). */
const FRESH_MS = 20_000;

/** The script that starts `requests` (run by the browser as it parses the page). */
export function earlyScript(requests: readonly EarlyRequest[]): string {
  const list = JSON.stringify(requests.map((r) => [r.url, r.json ? 1 : 0, r.answer ?? 0]))
    // Inside <script>: no "</script>" or "<!--" can end it early.
    .replace(/</g, "\\u003c");
  return (
    `(function(l){if(window.__earlyRequestsOff)return;var m=window.__earlyRequests||(window.__earlyRequests={}),t=Date.now();` +
    `l.forEach(function(r){if(m[r[0]])return;var a=r[2],p;if(a)p=Promise.resolve(new Response(a.body,{status:a.status,headers:a.headers}));` +
    `else{var h={${JSON.stringify(SESSION_CALL_HEADER)}:"fetch"};if(r[1])h.Accept="application/json";` +
    `p=fetch(r[0],{headers:h,cache:"no-store",credentials:"same-origin"});p.catch(function(){});}m[r[0]]={at:t,response:p};});})(${list});`
  );
}

/** The started request for `url` (a same-origin path or absolute URL), taken once; null when there is none. */
export function takeEarly(url: string): Promise<Response> | null {
  if (typeof window === "undefined" || !window.__earlyRequests) return null;
  const key = url.startsWith(window.location.origin) ? url.slice(window.location.origin.length) : url;
  const entry = window.__earlyRequests[key];
  if (!entry) return null;
  delete window.__earlyRequests[key];
  return Date.now() - entry.at < FRESH_MS ? entry.response : null;
}

/** Drops every early request (the view changed: they were made for the previous one). */
export function forgetEarly(): void {
  if (typeof window !== "undefined") window.__earlyRequests = {};
}
