import { headers } from "next/headers";
import { log } from "@/lib/api/log";
import { config } from "@/lib/config";
import { type EarlyRequest, earlyScript } from "./early-requests";
import { currentView, type ServerAnswer, type View } from "./server-api";

// Renders the early requests of a page (./early-requests.ts) as an inline script with the
// page's CSP nonce. `plan` names them, for the view the browser will use (the session cookie's
// top entry), from the page's URL and, where needed, small reads of its own (./server-api.ts).
// A plan that fails leaves the page as it was: the browser then asks by itself.

export type EarlyPlan = (view: View) => Promise<(EarlyRequest | null | undefined | false)[]>;

export async function EarlyRequests({ plan }: { plan: EarlyPlan }) {
  // A client-side navigation (an RSC request): the page's code is loaded and asks at once, and a
  // script rendered now would not run.
  const request = await headers();
  if (request.get("rsc") === "1") return null;
  const view = await currentView();
  if (!view) return null;
  let requests: EarlyRequest[];
  try {
    requests = (await plan(view)).filter((r): r is EarlyRequest => !!r).map((r) => ({ ...r, url: samePath(r.url) }));
  } catch (error) {
    log("warn", "early-requests", { error: (error as Error).message });
    return null;
  }
  if (!requests.length) return null;
  const nonce = /'nonce-([^']+)'/.exec(request.get("content-security-policy") ?? "")?.[1];
  // An async module: run as soon as it is parsed, without waiting for the stylesheets as a
  // classic inline script would. The browser empties the nonce attribute once it has read it:
  // not a difference to report.
  return (
    <script
      type="module"
      async
      nonce={nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: serialised JSON of our own answers, "<" escaped, in a script carrying the page's nonce
      dangerouslySetInnerHTML={{ __html: earlyScript(requests) }}
    />
  );
}

/** Our own absolute URLs (files, peaks) as paths: the page's origin asks for them. */
function samePath(url: string): string {
  const base = config().publicBaseUrl;
  return url.startsWith(`${base}/`) ? url.slice(base.length) : url;
}

/** A JSON read of our API. */
export const jsonRead = (url: string): EarlyRequest => ({ url, json: true });
/**
 * A JSON read the server has made already (./server-api.ts serverGet, as this view): its
 * successful answer goes in the page, so the browser does not ask again; else it is started early.
 */
export const answeredRead = (url: string, answer: ServerAnswer<unknown> | null): EarlyRequest =>
  answer && answer.status >= 200 && answer.status < 300 && answer.headers["Content-Type"]?.includes("json")
    ? { url, json: true, answer: { status: answer.status, body: answer.body, headers: answer.headers } }
    : jsonRead(url);

/** A file download (peaks, prompts). */
export const fileRead = (url: string): EarlyRequest => ({ url, json: false });
