// Small helpers for API tests, written to /work/shared/spec/service-interface.md.
// Paths are under /api; the request context's baseURL names the server.
import { randomBytes } from "node:crypto";
import { expect, type APIRequestContext, type APIResponse } from "@playwright/test";
import { ADMIN_PASSWORD, ADMIN_USERNAME } from "./env";

export type TokenResponse = { access_token: string; token_type: string; scope: string };
export type Tenant = { id: string; name: string; created: string; updated: string };
export type Organisation = Tenant;
export type User = { id: string; firstName: string; infix: string | null; lastName: string; roles: string[]; groups?: string[] };
export type NewUser = { roles: string[]; id?: string; firstName?: string; infix?: string; lastName?: string; groups?: string[] };

/** A random, short, URL-safe id so parallel tests never collide. */
export const uniqueId = (prefix: string) => `${prefix}-${randomBytes(5).toString("hex")}`;

export const authed = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The response's JSON after checking its status; a mismatch shows the body. */
export async function expectJson<T>(response: APIResponse, status: number): Promise<T> {
  const text = await response.text();
  expect(response.status(), `${response.url()} answered: ${text}`).toBe(status);
  return JSON.parse(text) as T;
}

export async function passwordToken(request: APIRequestContext, username: string, password: string, scope?: string): Promise<string> {
  const form = { grant_type: "password", username, password, ...(scope ? { scope } : {}) };
  return (await expectJson<TokenResponse>(await request.post("/api/tokens", { form }), 200)).access_token;
}

export const adminToken = (request: APIRequestContext) => passwordToken(request, ADMIN_USERNAME, ADMIN_PASSWORD);

/** client_credentials: a token for `scope`, obtained with the caller's token. */
export async function impersonate(request: APIRequestContext, token: string, scope: string): Promise<string> {
  const response = await request.post("/api/tokens", { form: { grant_type: "client_credentials", scope }, headers: authed(token) });
  return (await expectJson<TokenResponse>(response, 200)).access_token;
}

export async function createTenant(request: APIRequestContext, adminToken: string, name = "Test tenant"): Promise<Tenant> {
  const response = await request.post("/api/tenants", { data: { id: uniqueId("tenant"), name }, headers: authed(adminToken) });
  return expectJson<Tenant>(response, 201);
}

/** Creates an organisation in the tenant whose token is given (note the singular path). */
export async function createOrganisation(request: APIRequestContext, tenantToken: string, name = "Test organisation"): Promise<Organisation> {
  const response = await request.post("/api/organisation", { data: { id: uniqueId("org"), name }, headers: authed(tenantToken) });
  return expectJson<Organisation>(response, 201);
}

/** Creates a user at the level of the token's scope. */
export async function createUser(request: APIRequestContext, token: string, user: NewUser): Promise<User> {
  const data = { firstName: "Test", infix: "van", lastName: "User", ...user };
  return expectJson<User>(await request.post("/api/users", { data, headers: authed(token) }), 201);
}

/** Adds a username/password credential to the user the token belongs to. */
export async function addBasicAuth(request: APIRequestContext, userToken: string, username: string, password: string): Promise<{ email: string; password: string }> {
  const response = await request.post("/api/user/basicauths", { data: { username, password }, headers: authed(userToken) });
  return expectJson(response, 201);
}
