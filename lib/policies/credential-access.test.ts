import { expect, test } from "@playwright/test";
import { type Actor, buildPrincipal, type Level, type Principal } from "@/lib/auth/principal";
import {
  type CredentialTarget,
  isImpersonating,
  mayManageCredentialsOf,
  mayManageOwnCredentials,
} from "./credential-access";

const org = { pk: "o1", id: "org" };
const tenant = { pk: "t1", id: "ten" };
const token = { pk: "tok", familyPk: "tok", lineage: "tok", expiresAt: new Date(0) };
const actorOf = (pk: string, roles: string[], level: Level = "organisation"): Actor => ({
  pk,
  level,
  tenantPk: level === "top" ? null : tenant.pk,
  organisationPk: level === "organisation" ? org.pk : null,
  roles,
});

function userPrincipal(pk: string, roles: string[], actor: Actor = actorOf(pk, roles)): Principal {
  return buildPrincipal({
    token,
    scope: "s",
    kind: "user",
    level: "organisation",
    user: { pk, id: pk },
    tenant,
    organisation: org,
    roles,
    actorUserPk: actor.pk,
    actor,
  });
}

const orgPrincipal = (actor: Actor) =>
  buildPrincipal({
    token,
    scope: "s",
    kind: "organisation",
    level: "organisation",
    user: null,
    tenant,
    organisation: org,
    roles: ["ORGANISATION"],
    actorUserPk: actor.pk,
    actor,
  });

const orgUser = (pk: string, roles: string[]): CredentialTarget => ({
  pk,
  level: "organisation",
  tenantPk: tenant.pk,
  organisationPk: org.pk,
  roles,
});
const topAdmin = actorOf("root", ["ADMIN"], "top");
const tenantAdmin = actorOf("boss", ["TENANT"], "tenant");
const orgAdminA = actorOf("a1", ["ORGANISATION"]);

test("own credentials: administrators, and administrators acting as a user they outrank", () => {
  expect(mayManageOwnCredentials(userPrincipal("s1", ["STUDENT"]))).toBe(false);
  expect(mayManageOwnCredentials(userPrincipal("t1", ["TEACHER"]))).toBe(false);
  expect(mayManageOwnCredentials(userPrincipal("s1", ["STUDENT"], topAdmin))).toBe(true);
  expect(mayManageOwnCredentials(userPrincipal("a1", ["ORGANISATION"]))).toBe(true);
  // Administrator A acting as administrator B (however obtained) does not outrank B.
  expect(mayManageOwnCredentials(userPrincipal("a2", ["ORGANISATION"], orgAdminA))).toBe(false);
  expect(mayManageOwnCredentials(userPrincipal("a2", ["ORGANISATION"], tenantAdmin))).toBe(true);
  expect(isImpersonating(userPrincipal("s1", ["STUDENT"]))).toBe(false);
  expect(isImpersonating(orgPrincipal(orgAdminA))).toBe(true);
});

test("other users: administrators of a higher level, or of the same level over non-administrators", () => {
  const orgAdmin = userPrincipal("a1", ["ORGANISATION"]);
  expect(mayManageCredentialsOf(orgAdmin, orgUser("s1", ["STUDENT"]))).toBe(true);
  expect(mayManageCredentialsOf(orgAdmin, orgUser("t2", ["TEACHER"]))).toBe(true);
  expect(mayManageCredentialsOf(orgAdmin, orgUser("a2", ["ORGANISATION"]))).toBe(false);
  expect(mayManageCredentialsOf(orgAdmin, orgUser("a1", ["ORGANISATION"]))).toBe(true);
  // The organisation token of administrator A is still A: never B's credentials.
  expect(mayManageCredentialsOf(orgPrincipal(orgAdminA), orgUser("a2", ["ORGANISATION"]))).toBe(false);
  expect(mayManageCredentialsOf(orgPrincipal(orgAdminA), orgUser("s1", ["STUDENT"]))).toBe(true);
  expect(mayManageCredentialsOf(orgPrincipal(tenantAdmin), orgUser("a2", ["ORGANISATION"]))).toBe(true);
  expect(mayManageCredentialsOf(orgPrincipal(topAdmin), orgUser("a2", ["ORGANISATION"]))).toBe(true);
  // A tenant administrator of another tenant outranks nobody here.
  expect(mayManageCredentialsOf(orgPrincipal({ ...tenantAdmin, tenantPk: "t2" }), orgUser("s1", ["STUDENT"]))).toBe(
    false,
  );
});

test("teachers and students manage nobody's credentials", () => {
  const teacher = userPrincipal("t1", ["TEACHER"]);
  expect(mayManageCredentialsOf(teacher, orgUser("s1", ["STUDENT"]))).toBe(false);
  expect(mayManageCredentialsOf(teacher, orgUser("t2", ["TEACHER"]))).toBe(false);
  const student = userPrincipal("s1", ["STUDENT"]);
  expect(mayManageCredentialsOf(student, orgUser("s2", ["STUDENT"]))).toBe(false);
  expect(mayManageCredentialsOf(student, orgUser("s1", ["STUDENT"]))).toBe(false);
  // An impersonated student may manage its own, not another student's.
  const impersonated = userPrincipal("s1", ["STUDENT"], topAdmin);
  expect(mayManageCredentialsOf(impersonated, orgUser("s1", ["STUDENT"]))).toBe(true);
  expect(mayManageCredentialsOf(impersonated, orgUser("s2", ["STUDENT"]))).toBe(false);
});
