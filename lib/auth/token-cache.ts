import type { Principal } from "./principal";

// An in-memory cache of resolved tokens (by their SHA-256, never the raw token), so that a
// client's burst of requests reads its token, user, actor, roles, tenant and organisation once
// instead of once per request (seven SQL statements: most of an authenticated GET's cost).
//
// Staleness is bounded by time, not by messages between instances: an entry is used for at
// most TTL_MS after the database read that produced it STARTED, so a token revoked (or a role
// taken away) on another instance stops working there within TTL_MS (< 1 s), with no extra
// query per request. A revocation-epoch check was the alternative, but it costs one round-trip
// per request, which is what the cache is for; a TTL costs one resolution per token per
// TTL_MS per instance. On the instance that changes something the entry goes at once:
// revokeToken() drops the token's lineage, and every successful write request through the
// API wrapper clears the whole cache (a changed role, a deleted user, a new password...), except
// writes under content policies (answers, challenges, annotations: with-api.ts CONTENT_POLICIES).
// A resolution that was in flight when the cache was cleared is not stored (generation).

export const TOKEN_CACHE_TTL_MS = 500;
const MAX_ENTRIES = 10_000;

type Entry = { principal: Principal; readAt: number };

const entries = new Map<string, Entry>();
const inFlight = new Map<string, { generation: number; promise: Promise<Principal | null> }>();
let generation = 0;

/**
 * The cached principal of a token hash, or the result of `load` (shared by concurrent callers
 * of the same hash and cached when live). Expiry is checked on every use.
 */
export async function cachedPrincipal(hash: string, load: () => Promise<Principal | null>): Promise<Principal | null> {
  const now = Date.now();
  const hit = entries.get(hash);
  if (hit) {
    if (now - hit.readAt < TOKEN_CACHE_TTL_MS)
      return hit.principal.token.expiresAt.getTime() > now ? hit.principal : null;
    entries.delete(hash);
  }
  const pending = inFlight.get(hash);
  if (pending && pending.generation === generation) return pending.promise;

  const startedAt = now;
  const startedGeneration = generation;
  const promise = load().then(
    (principal) => {
      if (inFlight.get(hash)?.promise === promise) inFlight.delete(hash);
      if (principal && startedGeneration === generation) store(hash, { principal, readAt: startedAt });
      return principal;
    },
    (error) => {
      if (inFlight.get(hash)?.promise === promise) inFlight.delete(hash);
      throw error;
    },
  );
  inFlight.set(hash, { generation: startedGeneration, promise });
  return promise;
}

function store(hash: string, entry: Entry): void {
  if (entries.size >= MAX_ENTRIES) {
    // Oldest first (a Map iterates in insertion order): drop the expired, or else the oldest tenth.
    const now = Date.now();
    let dropped = 0;
    for (const [key, e] of entries) {
      if (now - e.readAt < TOKEN_CACHE_TTL_MS && dropped >= MAX_ENTRIES / 10) break;
      entries.delete(key);
      dropped++;
    }
  }
  entries.set(hash, entry);
}

/** Forgets the cached tokens of a lineage (the token and every token derived from it). */
export function forgetLineage(familyPk: string, lineage: string): void {
  generation++;
  for (const [key, e] of entries) {
    const t = e.principal.token;
    if (t.familyPk === familyPk && (t.lineage === lineage || t.lineage.startsWith(`${lineage}/`))) entries.delete(key);
  }
}

/** Forgets every cached token: after a write that may have changed what a token stands for. */
export function forgetAllTokens(): void {
  generation++;
  entries.clear();
}
