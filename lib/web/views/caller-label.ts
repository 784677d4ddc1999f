import type { Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { roleWords } from "../users/role-words";

// How the web app names a view (server-side, when a token is put on the session's stack): the
// person's name, or the tenant's or organisation's name; their role and place in words; the
// ids only as secondary text.

export type CallerLabel = { label: string; about: string; ids: string };

const personName = (u: { firstName: string; infix: string | null; lastName: string }) =>
  [u.firstName, u.infix, u.lastName].filter(Boolean).join(" ");

export async function describeCaller(db: Db, caller: Principal): Promise<CallerLabel> {
  const [tenant, organisation, user] = await Promise.all([
    caller.tenant ? db.tenant.findUnique({ where: { pk: caller.tenant.pk }, select: { name: true } }) : null,
    caller.organisation
      ? db.organisation.findUnique({ where: { pk: caller.organisation.pk }, select: { name: true } })
      : null,
    caller.user
      ? db.user.findUnique({ where: { pk: caller.user.pk }, select: { firstName: true, infix: true, lastName: true } })
      : null,
  ]);
  const tenantName = tenant?.name ?? caller.tenant?.id ?? "";
  const organisationName = organisation?.name ?? caller.organisation?.id ?? "";
  const placeIds = [caller.tenant?.id, caller.organisation?.id].filter(Boolean).join(" / ");
  if (caller.kind === "tenant") return { label: tenantName, about: "Tenant", ids: placeIds };
  if (caller.kind === "organisation")
    return { label: organisationName, about: `Organisation of ${tenantName}`, ids: placeIds };
  const where = caller.organisation
    ? `${organisationName} (${tenantName})`
    : caller.tenant
      ? tenantName
      : "the whole platform";
  const roles = caller.roles.length ? caller.roles.map(roleWords).join(", ") : "No role";
  return {
    label: (user && personName(user)) || caller.user?.id || "Unknown user",
    about: `${roles} · ${where}`,
    ids: [caller.user?.id, placeIds].filter(Boolean).join(" · "),
  };
}
