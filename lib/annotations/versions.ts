import { ApiError } from "@/lib/api/errors";

// Optimistic concurrency: every save bumps `version`; responses carry it as an ETag and an
// update sent with If-Match of an older one gets 409 with the current state (nothing saved).
// Updates without If-Match (the contract's clients) stay plain incremental updates.

export const etagOf = (kind: "annotation" | "reference", id: number | string, version: number) =>
  `"${kind}-${id}-v${version}"`;

/** The entity tags of an If-Match header; "*" matches any; null when absent. */
export function parseIfMatch(header: string | null): string[] | "*" | null {
  if (header === null || header.trim() === "") return null;
  if (header.trim() === "*") return "*";
  const tags = header.split(",").map((t) => t.trim().replace(/^W\//, ""));
  if (tags.some((t) => !/^"[^"]*"$/.test(t)))
    throw new ApiError("bad_request", 'If-Match must hold entity tags as sent in ETag (e.g. "annotation-1-v3")');
  return tags;
}

export const ifMatches = (ifMatch: string[] | "*" | null, etag: string): boolean =>
  ifMatch === null || ifMatch === "*" || ifMatch.includes(etag);

export function staleVersion(current: unknown, etag: string): ApiError {
  return new ApiError(
    "conflict",
    "Someone saved this annotation after the version you edited: nothing was saved. The current state is in `current`; merge and send it again with its ETag.",
    undefined,
    { ETag: etag },
    { current },
  );
}
