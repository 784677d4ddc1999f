import { expect, test } from "@playwright/test";
import type { Principal } from "./principal";
import { cachedPrincipal, forgetAllTokens, forgetLineage, TOKEN_CACHE_TTL_MS } from "./token-cache";

const principal = (pk: string, lineage: string, familyPk = lineage.split("/")[0], expiresInMs = 60_000) =>
  ({ token: { pk, familyPk, lineage, expiresAt: new Date(Date.now() + expiresInMs) } }) as Principal;

/** A loader that counts its calls and answers `value` (after `delayMs`). */
function loader(value: Principal | null, delayMs = 0) {
  const calls = { n: 0 };
  const load = async () => {
    calls.n++;
    if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
    return value;
  };
  return { calls, load };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test("a resolution is reused for less than the TTL, then read again", async () => {
  forgetAllTokens();
  const p = principal("t1", "t1");
  const { calls, load } = loader(p);
  expect(await cachedPrincipal("h1", load)).toBe(p);
  expect(await cachedPrincipal("h1", load)).toBe(p);
  expect(calls.n).toBe(1);
  await sleep(TOKEN_CACHE_TTL_MS + 20);
  expect(await cachedPrincipal("h1", load)).toBe(p);
  expect(calls.n).toBe(2);
  expect(TOKEN_CACHE_TTL_MS).toBeLessThan(1000);
});

test("concurrent misses share one resolution; unknown tokens are not cached", async () => {
  forgetAllTokens();
  const p = principal("t2", "t2");
  const { calls, load } = loader(p, 20);
  const all = await Promise.all(Array.from({ length: 10 }, () => cachedPrincipal("h2", load)));
  expect(all.every((x) => x === p)).toBe(true);
  expect(calls.n).toBe(1);

  const unknown = loader(null);
  expect(await cachedPrincipal("h-unknown", unknown.load)).toBeNull();
  expect(await cachedPrincipal("h-unknown", unknown.load)).toBeNull();
  expect(unknown.calls.n).toBe(2);
});

test("a cached token past its expiry is refused without asking again", async () => {
  forgetAllTokens();
  const { load } = loader(principal("t3", "t3", "t3", 30));
  expect(await cachedPrincipal("h3", load)).not.toBeNull();
  await sleep(40);
  expect(await cachedPrincipal("h3", load)).toBeNull();
});

test("revoking a lineage forgets the token and its descendants, not its ancestors or other families", async () => {
  forgetAllTokens();
  const tokens = {
    root: principal("r", "r"),
    child: principal("c", "r/c"),
    grandchild: principal("g", "r/c/g"),
    sibling: principal("s", "r/s"),
    other: principal("o", "o"),
  };
  const loads = Object.fromEntries(Object.entries(tokens).map(([k, p]) => [k, loader(p)]));
  for (const [k, l] of Object.entries(loads)) await cachedPrincipal(k, l.load);
  forgetLineage("r", "r/c");
  for (const [k, l] of Object.entries(loads)) await cachedPrincipal(k, l.load);
  expect(Object.fromEntries(Object.entries(loads).map(([k, l]) => [k, l.calls.n]))).toEqual({
    root: 1,
    child: 2,
    grandchild: 2,
    sibling: 1,
    other: 1,
  });
  // "r/c" does not cover "r/cx": lineages are compared by whole segments.
  const cx = loader(principal("cx", "r/cx"));
  await cachedPrincipal("cx", cx.load);
  forgetLineage("r", "r/c");
  await cachedPrincipal("cx", cx.load);
  expect(cx.calls.n).toBe(1);
});

test("a resolution in flight while the cache is cleared is answered but not kept", async () => {
  forgetAllTokens();
  const { calls, load } = loader(principal("t5", "t5"), 30);
  const pending = cachedPrincipal("h5", load);
  forgetLineage("t5", "t5"); // e.g. revoked meanwhile: what was read may predate it
  expect(await pending).not.toBeNull();
  await cachedPrincipal("h5", load);
  expect(calls.n).toBe(2);
});
