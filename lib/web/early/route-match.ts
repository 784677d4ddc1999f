// Which API route file serves a path: the templates of lib/openapi/route-modules.ts
// ("/categories/{category}/progress/grid") matched segment by segment, a fixed segment
// before a named one (as Next's router picks them). Catch-alls are never matched: only
// routes of their own are prefetched.

export type Matched<T> = { entry: T; params: Record<string, string> };

/** The most specific template that matches `path` (below /api, e.g. "/user"), with its decoded params. */
export function matchRoute<T extends { path: string }>(entries: readonly T[], path: string): Matched<T> | null {
  const segments = path.split("/").filter(Boolean);
  let best: { match: Matched<T>; rank: string } | null = null;
  for (const entry of entries) {
    const parts = entry.path.split("/").filter(Boolean);
    if (parts.length !== segments.length || parts.some((p) => p.startsWith("{..."))) continue;
    const params: Record<string, string> = {};
    let rank = "";
    let ok = true;
    for (let i = 0; i < parts.length && ok; i++) {
      const name = /^\{([^}]+)\}$/.exec(parts[i]!)?.[1];
      if (name) {
        try {
          params[name] = decodeURIComponent(segments[i]!);
        } catch {
          ok = false;
        }
        rank += "1";
      } else {
        ok = parts[i] === segments[i];
        rank += "0";
      }
    }
    if (ok && (!best || rank < best.rank)) best = { match: { entry, params }, rank };
  }
  return best?.match ?? null;
}
