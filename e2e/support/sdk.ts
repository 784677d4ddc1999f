// Loads the real, unchanged `@itslanguage/api` 5.7.0 SDK into the test process.
// Its webpack UMD bundle (dist/api.js) passes `window` as the UMD root at load time
// only; under CommonJS it exports through `module.exports`, so a `window` that points
// at the global object is enough. Node 20 provides fetch, Headers, FormData and
// URLSearchParams, which is all the REST half of the SDK needs.
// The SDK keeps its settings (apiUrl, token) in module state: one SDK per worker,
// and tests that use it must run serially.
import { createRequire } from "node:module";

type Json = Record<string, unknown>;
/** A list, or `{data, next: {url}}` when the response carried a `Link: rel="next"` header. */
export type Listing<T> = T[] | { data: T[]; next?: { url: string } };

export type Settings = { apiUrl: string; wsUrl: string | null; authorizationToken: string | null };
export type TokenResult = { access_token: string; token_type: string; scope: string };

/** The parts of the SDK these tests use, typed as the SDK documents them. */
export type ItslSdk = {
  version: string;
  authentication: {
    assembleScope(tenant?: string, organisation?: string, user?: string): string;
    authenticate(username: string, password: string, scope?: string): Promise<TokenResult>;
    impersonate(scope?: string): Promise<TokenResult>;
  };
  communication: {
    settings: Settings;
    updateSettings(settings: Partial<Settings>): void;
    request(method: string, url: string, body?: unknown, headers?: Headers): Promise<unknown>;
    authorisedRequest(method: string, url: string, body?: unknown, headers?: Headers): Promise<unknown>;
    addAccessToken(url?: string): string;
  };
  tenants: { create(t: Json): Promise<Json>; getById(id: string): Promise<Json>; getAll(): Promise<Listing<Json>> };
  organisations: {
    create(o: Json): Promise<Json>;
    getById(id: string): Promise<Json>;
    getAll(filters?: URLSearchParams): Promise<Listing<Json>>;
  };
  roles: { getById(id: string): Promise<Json>; getAll(filters?: URLSearchParams): Promise<Listing<Json>> };
  groups: {
    create(g: Json): Promise<Json>;
    getById(id: string): Promise<Json>;
    getAll(filters?: URLSearchParams): Promise<Listing<Json>>;
  };
  users: {
    create(u: Json): Promise<Json>;
    getById(id: string): Promise<Json>;
    getCurrent(): Promise<Json>;
    getAll(filters?: URLSearchParams): Promise<Listing<Json>>;
  };
  profile: {
    create(userId: string, profile: Json): Promise<Json>;
    getCurrent(): Promise<Json>;
    getById(userId: string): Promise<Json>;
  };
  basicauth: { create(b: { username: string; password: string }): Promise<{ email: string; password: string }> };
  emailauth: {
    create(
      e: { email: string; password?: string },
      userId?: string | null,
    ): Promise<{ email: string; password: string }>;
  };
};

type Bundle = { version: string; Itslanguage: new (options?: Partial<Settings>) => ItslSdk };

let bundle: Bundle | undefined;

function loadBundle(): Bundle {
  if (bundle) return bundle;
  const g = globalThis as { window?: unknown };
  const hadWindow = "window" in g;
  if (!hadWindow) g.window = globalThis;
  try {
    bundle = createRequire(import.meta.url)("@itslanguage/api/dist/api.js") as Bundle;
  } finally {
    if (!hadWindow) delete g.window;
  }
  return bundle;
}

/** The SDK pointed at `<baseURL>/api` with no token, set through the SDK's own updateSettings. */
export function loadSdk(baseURL: string): ItslSdk {
  const api = new (loadBundle().Itslanguage)();
  api.communication.updateSettings({ apiUrl: `${baseURL.replace(/\/$/, "")}/api`, authorizationToken: null });
  return api;
}

/** Every item of a listing, following `next` links through the SDK (which accepts absolute URLs under apiUrl). */
export async function allPages<T>(sdk: ItslSdk, first: Listing<T>): Promise<T[]> {
  const items: T[] = [];
  let page: Listing<T> | undefined = first;
  for (let guard = 0; page && guard < 1000; guard++) {
    if (Array.isArray(page)) return [...items, ...page];
    items.push(...page.data);
    page = page.next ? ((await sdk.communication.authorisedRequest("GET", page.next.url)) as Listing<T>) : undefined;
  }
  return items;
}

/** The body of a single-page listing; fails when the server paginated it. */
export function onlyPage<T>(listing: Listing<T>): T[] {
  if (Array.isArray(listing)) return listing;
  if (listing.next) throw new Error(`expected a single page, got a next link ${listing.next.url}`);
  return listing.data;
}

/** What a promise rejected with (the SDK rejects with the parsed JSON error body). */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  let value: unknown;
  try {
    value = await promise;
  } catch (error) {
    return error;
  }
  throw new Error(`expected a rejection, got ${JSON.stringify(value)}`);
}
