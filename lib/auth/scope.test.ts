import { expect, test } from "@playwright/test";
import { formatScope, parseScope } from "./scope";

test("parses every scope shape of the contract and the SDK", () => {
  expect(parseScope("user/u1")).toEqual({ kind: "top-user", userId: "u1" });
  expect(parseScope("tenant/t1")).toEqual({ kind: "tenant", tenantId: "t1" });
  expect(parseScope("tenant/t1/user/u1")).toEqual({ kind: "tenant-user", tenantId: "t1", user: "u1" });
  expect(parseScope("tenant/t1/organisation/o1")).toEqual({
    kind: "organisation",
    tenantId: "t1",
    organisationId: "o1",
  });
  expect(parseScope("tenant/t1/organisation/o1/student/s1")).toEqual({
    kind: "student",
    tenantId: "t1",
    organisationId: "o1",
    userId: "s1",
  });
  expect(parseScope("tenant/t1/organisation/o1/user/jan%40x.nl")).toEqual({
    kind: "org-user",
    tenantId: "t1",
    organisationId: "o1",
    username: "jan@x.nl",
  });
});

test("rejects malformed scopes", () => {
  for (const bad of [
    "",
    "tenant",
    "tenant/",
    "user/a/b",
    "tenant/t/organisation",
    "tenant/t/organisation/o/teacher/x",
    "org/o",
    "tenant/t//user/u",
    "tenant/%E0%A4%A",
  ]) {
    expect(parseScope(bad), bad).toBeNull();
  }
});

test("formats what it parses", () => {
  for (const s of [
    "user/a",
    "tenant/t",
    "tenant/t/user/u",
    "tenant/t/organisation/o",
    "tenant/t/organisation/o/student/s",
    "tenant/t/organisation/o/user/u",
  ]) {
    expect(formatScope(parseScope(s)!)).toBe(s);
  }
});
