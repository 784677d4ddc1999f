import { expect, test } from "@playwright/test";
import { buildPrincipal, type Principal } from "@/lib/auth/principal";
import { isImpersonating, mayManageCredentialsOf, mayManageOwnCredentials } from "./access";

const org = { pk: "o1", id: "org" };
const tenant = { pk: "t1", id: "ten" };

function userPrincipal(pk: string, roles: string[], actorUserPk: string | null = pk): Principal {
  return buildPrincipal({
    tokenPk: "tok",
    scope: "s",
    kind: "user",
    level: "organisation",
    user: { pk, id: pk },
    tenant,
    organisation: org,
    roles,
    actorUserPk,
  });
}

const orgPrincipal = buildPrincipal({
  tokenPk: "tok",
  scope: "s",
  kind: "organisation",
  level: "organisation",
  user: null,
  tenant,
  organisation: org,
  roles: ["ORGANISATION"],
  actorUserPk: "admin",
});

test("own credentials: administrators and impersonated tokens only", () => {
  expect(mayManageOwnCredentials(userPrincipal("s1", ["STUDENT"]))).toBe(false);
  expect(mayManageOwnCredentials(userPrincipal("t1", ["TEACHER"]))).toBe(false);
  expect(mayManageOwnCredentials(userPrincipal("s1", ["STUDENT"], "admin"))).toBe(true);
  expect(mayManageOwnCredentials(userPrincipal("a1", ["ORGANISATION"]))).toBe(true);
  expect(mayManageOwnCredentials(orgPrincipal)).toBe(true);
  expect(isImpersonating(userPrincipal("s1", ["STUDENT"], null))).toBe(false);
  expect(isImpersonating(orgPrincipal)).toBe(true);
});

test("other users: top-down administrators, never sideways onto another administrator", () => {
  expect(mayManageCredentialsOf(orgPrincipal, { pk: "x", roles: ["ORGANISATION"] })).toBe(true);
  const orgAdmin = userPrincipal("a1", ["ORGANISATION"]);
  expect(mayManageCredentialsOf(orgAdmin, { pk: "s1", roles: ["STUDENT"] })).toBe(true);
  expect(mayManageCredentialsOf(orgAdmin, { pk: "a2", roles: ["ORGANISATION"] })).toBe(false);
  expect(mayManageCredentialsOf(orgAdmin, { pk: "a1", roles: ["ORGANISATION"] })).toBe(true);
});

test("USER_CREATE holders reach only users whose roles they could grant", () => {
  const teacher = userPrincipal("t1", ["TEACHER"]);
  expect(mayManageCredentialsOf(teacher, { pk: "s1", roles: ["STUDENT"] })).toBe(true);
  expect(mayManageCredentialsOf(teacher, { pk: "t2", roles: ["TEACHER", "STUDENT"] })).toBe(true);
  expect(mayManageCredentialsOf(teacher, { pk: "a1", roles: ["ORGANISATION"] })).toBe(false);
  expect(mayManageCredentialsOf(teacher, { pk: "n1", roles: ["ANNOTATOR_FULL"] })).toBe(false);
  const student = userPrincipal("s1", ["STUDENT"]);
  expect(mayManageCredentialsOf(student, { pk: "s2", roles: ["STUDENT"] })).toBe(false);
  expect(mayManageCredentialsOf(student, { pk: "s1", roles: ["STUDENT"] })).toBe(false);
  // An impersonated student may manage its own, not another student's.
  const impersonated = userPrincipal("s1", ["STUDENT"], "admin");
  expect(mayManageCredentialsOf(impersonated, { pk: "s1", roles: ["STUDENT"] })).toBe(true);
  expect(mayManageCredentialsOf(impersonated, { pk: "s2", roles: ["STUDENT"] })).toBe(false);
});
