import { can, isAdministrator, type Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { ns } from "@/lib/db/ids";

// The building blocks of the policies in table.ts, as Prisma filters over rows that live in an
// organisation namespace (`ns` = "o:<organisationPk>"). NOTHING matches no row: Prisma reads an
// empty OR as false but an empty object as true, so "nobody" must be spelt out.

export type Where = Record<string, unknown>;
export const NOTHING: Where = { pk: { in: [] } };

/** An administrator's reach: everything, one tenant, one organisation, or none. */
export type AdminReach = { all: true } | { tenantPk: string } | { organisationPk: string } | null;

export function adminReach(caller: Principal): AdminReach {
  if (!isAdministrator(caller)) return null;
  if (caller.level === "top") return { all: true };
  if (caller.level === "tenant") return caller.tenant ? { tenantPk: caller.tenant.pk } : null;
  return caller.organisation ? { organisationPk: caller.organisation.pk } : null;
}

/** Rows of organisation namespaces within the caller's administrative reach (null: none; {} : all). */
export async function adminWhere(db: Db, caller: Principal): Promise<Where | null> {
  const reach = adminReach(caller);
  if (!reach) return null;
  if ("all" in reach) return {};
  if ("organisationPk" in reach) return { ns: ns.organisation(reach.organisationPk) };
  const orgs = await db.organisation.findMany({ where: { tenantPk: reach.tenantPk }, select: { pk: true } });
  return { ns: { in: orgs.map((o) => ns.organisation(o.pk)) } };
}

/** Rows of the organisation the caller acts in (the organisation itself and its users). */
export function memberWhere(caller: Principal): Where | null {
  return caller.level === "organisation" && caller.organisation ? { ns: caller.ns } : null;
}

/** Rows of the organisation whose TEACHER the caller is. */
export function staffWhere(caller: Principal): Where | null {
  return caller.kind === "user" && caller.level === "organisation" && caller.roles.includes("TEACHER")
    ? { ns: caller.ns }
    : null;
}

/** Rows the caller submitted. */
export function ownerWhere(caller: Principal): Where | null {
  return caller.user ? { userPk: caller.user.pk } : null;
}

/** Assignments naming the caller as an annotator (full only with `fullOnly`). */
export function annotatorAssignments(caller: Principal, fullOnly = false): Where | null {
  if (!caller.user || !can(caller, "ANNOTATION_LIST")) return null;
  return fullOnly
    ? { fullAnnotatorPk: caller.user.pk }
    : { OR: [{ fullAnnotatorPk: caller.user.pk }, { baseAnnotatorPk: caller.user.pk }] };
}

/** Any of the parts (null parts dropped); a part of {} means every row. */
export function anyOf(...parts: (Where | null)[]): Where {
  const present = parts.filter((p): p is Where => p !== null);
  if (present.some((p) => Object.keys(p).length === 0)) return {};
  if (present.length === 0) return NOTHING;
  return present.length === 1 ? present[0] : { OR: present };
}
