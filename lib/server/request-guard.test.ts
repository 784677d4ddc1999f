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

test("methods the API does not serve are a 405 with Allow; served ones pass", () => {
  for (const method of ["TRACE", "PROPFIND", "MKCOL", "LOCK", "PURGE"]) {
    expect(apiRequestProblem(method, "/api/tenants")).toMatchObject({ status: 405, headers: { Allow: API_METHODS.join(", ") } });
  }
  for (const method of API_METHODS) expect(apiRequestProblem(method, "/api/tenants")).toBeNull();
  expect(apiRequestProblem("TRACE", "/sign-in")).toBeNull();
});
