// Small helpers for API tests, written to /work/shared/spec/service-interface.md.
// Paths are under /api; the request context's baseURL names the server.
import { randomBytes } from "node:crypto";
import { type APIRequestContext, type APIResponse, expect, test } from "@playwright/test";
import { ADMIN_PASSWORD, ADMIN_USERNAME } from "./env";
import type { World } from "./fixtures";

export type TokenResponse = { access_token: string; token_type: string; scope: string };
export type Tenant = { id: string; name: string; created: string; updated: string };
export type Organisation = Tenant;
export type User = {
  id: string;
  firstName: string;
  infix: string | null;
  lastName: string;
  roles: string[];
  groups?: string[];
};
export type NewUser = {
  roles: string[];
  id?: string;
  firstName?: string;
  infix?: string;
  lastName?: string;
  groups?: string[];
};

/** A random, short, URL-safe id so parallel tests never collide. */
export const uniqueId = (prefix: string) => `${prefix}-${randomBytes(5).toString("hex")}`;

export const authed = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The response's JSON after checking its status; a mismatch shows the body. */
export async function expectJson<T>(response: APIResponse, status: number): Promise<T> {
  const text = await response.text();
  expect(response.status(), `${response.url()} answered: ${text}`).toBe(status);
  return JSON.parse(text) as T;
}

export async function passwordToken(
  request: APIRequestContext,
  username: string,
  password: string,
  scope?: string,
): Promise<string> {
  const form = { grant_type: "password", username, password, ...(scope ? { scope } : {}) };
  return (await expectJson<TokenResponse>(await request.post("/api/tokens", { form }), 200)).access_token;
}

export const adminToken = (request: APIRequestContext) => passwordToken(request, ADMIN_USERNAME, ADMIN_PASSWORD);

/** client_credentials: a token for `scope`, obtained with the caller's token. */
export async function impersonate(request: APIRequestContext, token: string, scope: string): Promise<string> {
  const response = await request.post("/api/tokens", {
    form: { grant_type: "client_credentials", scope },
    headers: authed(token),
  });
  return (await expectJson<TokenResponse>(response, 200)).access_token;
}

export async function createTenant(
  request: APIRequestContext,
  adminToken: string,
  name = "Test tenant",
): Promise<Tenant> {
  const response = await request.post("/api/tenants", {
    data: { id: uniqueId("tenant"), name },
    headers: authed(adminToken),
  });
  return expectJson<Tenant>(response, 201);
}

/** Creates an organisation in the tenant whose token is given (note the singular path). */
export async function createOrganisation(
  request: APIRequestContext,
  tenantToken: string,
  name = "Test organisation",
): Promise<Organisation> {
  const response = await request.post("/api/organisation", {
    data: { id: uniqueId("org"), name },
    headers: authed(tenantToken),
  });
  return expectJson<Organisation>(response, 201);
}

/** Creates a user at the level of the token's scope. */
export async function createUser(request: APIRequestContext, token: string, user: NewUser): Promise<User> {
  const data = { firstName: "Test", infix: "van", lastName: "User", ...user };
  return expectJson<User>(await request.post("/api/users", { data, headers: authed(token) }), 201);
}

/** Adds a username/password credential to the user the token belongs to. */
export async function addBasicAuth(
  request: APIRequestContext,
  userToken: string,
  username: string,
  password: string,
): Promise<{ email: string; password: string }> {
  const response = await request.post("/api/user/basicauths", {
    data: { username, password },
    headers: authed(userToken),
  });
  return expectJson(response, 201);
}

/** The scope of a user of an organisation (for impersonation). */
export const studentScope = (tenantId: string, orgId: string, userId: string) =>
  `tenant/${tenantId}/organisation/${orgId}/student/${userId}`;

/** A token for a user of the world's organisation, obtained by the organisation impersonating them. */
export const asUser = (request: APIRequestContext, world: World, userId: string) =>
  impersonate(request, world.orgToken, studentScope(world.tenantId, world.orgId, userId));

export type Member = { id: string; token: string };

/** A new user of the world's organisation with `role`, and a token acting as them. */
export async function member(request: APIRequestContext, world: World, role: string): Promise<Member> {
  const user = await createUser(request, world.orgToken, { roles: [role] });
  return { id: user.id, token: await asUser(request, world, user.id) };
}

/**
 * The user id a password signs in as (password grant, optional scope), or the token endpoint's
 * status when it refuses: then it must be 400 invalid_grant.
 */
export async function signIn(
  request: APIRequestContext,
  username: string,
  password: string,
  scope?: string,
): Promise<string | number> {
  const response = await request.post("/api/tokens", {
    form: { grant_type: "password", username, password, ...(scope ? { scope } : {}) },
  });
  if (response.status() !== 200) {
    expect(response.status(), await response.text()).toBe(400);
    expect((await response.json()).error).toBe("invalid_grant");
    return response.status();
  }
  const token = (await response.json()).access_token as string;
  return (await expectJson<{ id: string }>(await request.get("/api/user", { headers: authed(token) }), 200)).id;
}

/** The `Link: <...>; rel="next"` URL of a list page, or null on the last page. */
export function nextUrl(response: APIResponse): string | null {
  const link = response.headers().link;
  if (!link) return null;
  return /<([^>]+)>\s*;\s*rel="?next"?/.exec(link)?.[1] ?? null;
}

/** Every item of a paginated list (`path` may carry a query), following `Link: rel="next"`; no page is longer than `perPage`. */
export async function listAll<T>(request: APIRequestContext, path: string, token: string, perPage = 100): Promise<T[]> {
  const items: T[] = [];
  let url: string | null = `${path}${path.includes("?") ? "&" : "?"}perPage=${perPage}`;
  for (let page = 0; url; page++) {
    expect(page, "pagination does not end").toBeLessThan(100);
    const response = await request.get(url, { headers: authed(token) });
    const body = await expectJson<T[]>(response, 200);
    expect(body.length, `${url}: a page of at most perPage items`).toBeLessThanOrEqual(perPage);
    items.push(...body);
    url = nextUrl(response);
  }
  return items;
}

/** The sorted ids of every item of a paginated list. */
export const listIds = async (request: APIRequestContext, path: string, token: string) =>
  (await listAll<{ id: string }>(request, path, token)).map((item) => item.id).sort();

/** The bytes behind a ...Url field, downloaded with a bearer token (must be 200). */
export async function download(request: APIRequestContext, token: string, url: string): Promise<Buffer> {
  const response = await request.get(url, { headers: authed(token) });
  expect(response.status(), `download ${url}`).toBe(200);
  return response.body();
}

/** The current project's server (its baseURL, without a trailing slash). */
export const baseURL = () => String(test.info().project.use.baseURL).replace(/\/$/, "");

/** Every ...Url is {PUBLIC_BASE_URL}/api/download/<id>; the test servers' PUBLIC_BASE_URL is their baseURL. */
export const downloadUrlPattern = () =>
  new RegExp(`^${baseURL().replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/api/download/[^/?#]+$`);

/** An audio file's peaks URL: its peaks file's download URL, or (made on request) the audio's own plus /peaks. */
export const peaksUrlPattern = () =>
  new RegExp(`^${baseURL().replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/api/download/[^/?#]+(/peaks)?$`);

/** Tokens of callers who must see nothing of the world's organisation. */
export type Outsiders = {
  /** A sibling organisation in the world's tenant, and a teacher and a student of it. */
  siblingOrg: string;
  siblingTeacher: string;
  siblingStudent: string;
  /** Another tenant, and an organisation of it. */
  otherTenant: string;
  elsewhereOrg: string;
};

export async function outsiders(request: APIRequestContext, world: World, admin: string): Promise<Outsiders> {
  const sibling = await createOrganisation(request, world.tenantToken);
  const siblingOrg = await impersonate(
    request,
    world.tenantToken,
    `tenant/${world.tenantId}/organisation/${sibling.id}`,
  );
  const as = async (role: string) =>
    impersonate(
      request,
      siblingOrg,
      studentScope(world.tenantId, sibling.id, (await createUser(request, siblingOrg, { roles: [role] })).id),
    );
  const siblingTeacher = await as("TEACHER");
  const siblingStudent = await as("STUDENT");
  const tenant = await createTenant(request, admin);
  const otherTenant = await impersonate(request, admin, `tenant/${tenant.id}`);
  const elsewhere = await createOrganisation(request, otherTenant);
  const elsewhereOrg = await impersonate(request, otherTenant, `tenant/${tenant.id}/organisation/${elsewhere.id}`);
  return { siblingOrg, siblingTeacher, siblingStudent, otherTenant, elsewhereOrg };
}
