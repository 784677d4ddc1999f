import { ROUTE_TEMPLATES } from "@/lib/openapi/route-templates";
import { metrics } from "./registry";

// What the rest of the code calls to count things. Cheap, synchronous, never throws.

const API_PREFIX = "/api";

type Matcher = { template: string; re: RegExp; specificity: number };
let matchers: Matcher[] | null = null;

function compile(): Matcher[] {
  return ROUTE_TEMPLATES.map((template) => {
    const parts = template.split("/").filter(Boolean);
    const re = new RegExp(
      "^" +
        parts
          .map((p) =>
            p.startsWith("{...")
              ? "(?:/.*)?"
              : p.startsWith("{")
                ? "/[^/]+"
                : `/${p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`,
          )
          .join("") +
        "/?$",
    );
    // Literal segments beat parameters; the catch-all comes last.
    const specificity = parts.reduce((n, p) => n + (p.startsWith("{...") ? -100 : p.startsWith("{") ? 1 : 2), 0);
    return { template, re, specificity };
  }).sort((a, b) => b.specificity - a.specificity || b.template.length - a.template.length);
}

/** The route template a request path was served by (`/users/{userId}`), never the raw path. */
export function routeTemplate(pathname: string): string {
  matchers ??= compile();
  const rest = pathname.startsWith(API_PREFIX) ? pathname.slice(API_PREFIX.length) || "/" : pathname;
  if (rest === "/" || rest === "") return "/";
  for (const m of matchers) if (m.re.test(rest)) return m.template === "/{...path}" ? "unknown" : m.template;
  return "unknown";
}

export function observeRequest(pathname: string, method: string, status: number, ms: number): void {
  try {
    const labels = { route: routeTemplate(pathname), method, status: String(status) };
    const m = metrics();
    m.requests.inc(labels);
    m.latency.observe(labels, ms / 1000);
  } catch {
    // Metrics never break a request.
  }
}

export function observeUpload(bytes: number, seconds: number, ok: boolean): void {
  const m = metrics();
  m.uploads.inc({ outcome: ok ? "accepted" : "invalid" });
  if (ok) {
    m.uploadBytes.inc(bytes);
    m.ingest.observe(seconds);
  }
}

export function observeTokenIssued(grant: string): void {
  metrics().tokensIssued.inc({ grant: grantLabel(grant) });
}

export function observeTokenRefused(grant: string | undefined, reason: string): void {
  metrics().tokensRefused.inc({ grant: grantLabel(grant), reason });
}

/** Only the two grant types we know, so clients cannot create label values. */
function grantLabel(grant: string | undefined): string {
  return grant === "password" || grant === "client_credentials" ? grant : "other";
}

export function observeDbQuery(model: string | undefined, operation: string, seconds: number): void {
  metrics().dbQuery.observe({ model: model ?? "raw", operation }, seconds);
}
