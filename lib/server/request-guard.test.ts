import { expect, test } from "@playwright/test";
import { API_METHODS, apiRequestProblem } from "./request-guard.mjs";

test("malformed percent-escapes under /api are a 400, other paths are left to Next", () => {
  expect(apiRequestProblem("PUT", "/api/groups/%ff")).toMatchObject({ status: 400 });
  expect(apiRequestProblem("GET", "/api/groups/%E0%A4%A")).toMatchObject({ status: 400 });
  expect(apiRequestProblem("GET", "/api/%")).toMatchObject({ status: 400 });
  expect(apiRequestProblem("GET", "/api/groups/caf%C3%A9?x=%ff")).toBeNull();
  expect(apiRequestProblem("GET", "/tenants/%ff")).toBeNull();
  expect(apiRequestProblem("GET", "/apis/%ff")).toBeNull();
});

test("empty and dot segments under /api, plain or percent-encoded, are a 400: Next would take them out of the API", () => {
  expect(apiRequestProblem("GET", "/api/%2e%2e/%2e%2e/etc/passwd")).toMatchObject({ status: 400 });
  expect(apiRequestProblem("GET", "/api/groups/../tenants")).toMatchObject({ status: 400 });
  expect(apiRequestProblem("GET", "/api/groups/%2E")).toMatchObject({ status: 400 });
  expect(apiRequestProblem("GET", "/api/groups/a..b")).toBeNull();
  expect(apiRequestProblem("POST", "/api//tenants")).toMatchObject({ status: 400 });
  expect(apiRequestProblem("GET", "/api/tenants/")).toBeNull();
  // An encoded slash keeps a segment whole: an id, not a step up.
  expect(apiRequestProblem("GET", "/api/download/..%2F..%2Fapp.db")).toBeNull();
});

test("methods the API does not serve are a 405 with Allow; served ones pass", () => {
  for (const method of ["TRACE", "PROPFIND", "MKCOL", "LOCK", "PURGE"]) {
    expect(apiRequestProblem(method, "/api/tenants")).toMatchObject({
      status: 405,
      headers: { Allow: API_METHODS.join(", ") },
    });
  }
  for (const method of API_METHODS) expect(apiRequestProblem(method, "/api/tenants")).toBeNull();
  expect(apiRequestProblem("TRACE", "/sign-in")).toBeNull();
});
