import { expect, test } from "@playwright/test";
import { describeView, scopeInfo } from "./session";
import { sessionUpdateSchema } from "./session-update";
import { passwordGrantInput, signInSchema } from "./sign-in";

test("a scope tells the view's level and kind, and reads as words", () => {
  expect(scopeInfo("user/u1")).toMatchObject({ level: "top", kind: "user" });
  expect(scopeInfo("tenant/t1")).toMatchObject({ level: "tenant", kind: "tenant" });
  expect(scopeInfo("tenant/t1/user/u1")).toMatchObject({ level: "tenant", kind: "user" });
  expect(scopeInfo("tenant/t1/organisation/o1")).toMatchObject({ level: "organisation", kind: "organisation" });
  expect(scopeInfo("tenant/t1/organisation/o1/student/s1")).toMatchObject({ level: "organisation", kind: "user" });
  expect(describeView("tenant/t1/organisation/o1", "School One")).toBe("organisation School One");
  expect(describeView("tenant/t1", "Acme")).toBe("tenant Acme");
  // People by their name alone.
  expect(describeView("user/u1", "Ada Admin")).toBe("Ada Admin");
  expect(describeView("tenant/t1/organisation/o1/user/jdoe", "Jan van Jansen")).toBe("Jan van Jansen");
});

test("the three ways to sign in become password grants", () => {
  const org = signInSchema.parse({
    method: "organisation",
    tenant: " acme ",
    organisation: "school",
    username: "jdoe",
    password: "pw",
  });
  expect(passwordGrantInput(org)).toEqual({
    username: "jdoe",
    password: "pw",
    scope: "tenant/acme/organisation/school/user/jdoe",
    label: "jdoe (acme / school)",
  });
  const tenantUser = signInSchema.parse({
    method: "organisation",
    tenant: "acme",
    organisation: "",
    username: "boss",
    password: "pw",
  });
  expect(passwordGrantInput(tenantUser).scope).toBe("tenant/acme/user/boss");
  expect(passwordGrantInput(signInSchema.parse({ method: "email", email: "jan@example.org", password: "pw" }))).toEqual(
    { username: "jan@example.org", password: "pw", label: "jan@example.org" },
  );
  expect(
    passwordGrantInput(signInSchema.parse({ method: "admin", username: "admin", password: "pw" })).scope,
  ).toBeUndefined();
  expect(signInSchema.safeParse({ method: "organisation", tenant: "", username: "x", password: "" }).success).toBe(
    false,
  );
});

test("session updates are only impersonations of a scope or returns to a depth; never a token from the browser", () => {
  expect(sessionUpdateSchema.safeParse({ op: "impersonate", scope: "tenant/t", label: "T" }).success).toBe(true);
  expect(sessionUpdateSchema.safeParse({ op: "return", depth: 0 }).success).toBe(true);
  expect(sessionUpdateSchema.safeParse({ op: "return", depth: -1 }).success).toBe(false);
  expect(sessionUpdateSchema.safeParse({ op: "replace", stack: [] }).success).toBe(false);
  expect(
    sessionUpdateSchema.safeParse({ op: "push", token: "x".repeat(43), scope: "tenant/t", label: "T" }).success,
  ).toBe(false);
  expect(sessionUpdateSchema.safeParse({ op: "impersonate", scope: "", label: "T" }).success).toBe(false);
});
