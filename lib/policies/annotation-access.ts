import type { Editor } from "@/lib/annotations/fragments";
import { forbidden } from "@/lib/api/errors";
import { can, type Principal } from "@/lib/auth/principal";
import type { Permission } from "@/lib/permissions/catalog";
import { adminReach } from "./reach";

// The "assignment" and "annotation" policies (table.ts). Administrators manage the assignments
// of their reach (reach.ts): a top-level admin all, a tenant its own, an organisation those
// whose recordings are all its own.
// Annotators (base or full) see the assignments they are named in, and their annotations.
// Anything else is 404, as if it did not exist.

type AssignmentWhere = Record<string, unknown>;

/** The assignments the caller manages, as a Prisma filter; null when it manages none. */
export function managedAssignments(caller: Principal): AssignmentWhere | null {
  const reach = adminReach(caller);
  if (!reach) return null;
  if ("all" in reach) return {};
  if ("tenantPk" in reach) return { tenantPk: reach.tenantPk };
  // Assignments carry their tenant as well as their organisation: both must match.
  return caller.tenant ? { tenantPk: caller.tenant.pk, organisationPk: reach.organisationPk } : null;
}

export function requireManager(caller: Principal): AssignmentWhere {
  const scope = managedAssignments(caller);
  if (!scope) throw forbidden("Only administrators create and change assignments");
  return scope;
}

/**
 * Assignments the caller sees: managed ones, and (with `permission`) those it annotates.
 * Top-level and tenant administrators manage every assignment they could annotate (annotators
 * belong to the assignment's tenant), so their scope alone is the answer. That matters beyond
 * speed: a top-level admin's scope is `{}`, and Prisma reads `{}` inside an OR as matching
 * nothing, which hid every assignment from the ADMIN user (whose role also grants ASSIGNMENT_LIST).
 */
export function visibleAssignments(caller: Principal, permission: Permission): AssignmentWhere {
  const managed = managedAssignments(caller);
  if (managed && caller.level !== "organisation") return managed;
  const annotates =
    caller.user && can(caller, permission)
      ? { OR: [{ baseAnnotatorPk: caller.user.pk }, { fullAnnotatorPk: caller.user.pk }] }
      : null;
  if (managed && annotates) return { OR: [managed, annotates] };
  if (managed) return managed;
  if (annotates) return annotates;
  throw forbidden(`This needs the ${permission} permission`);
}

type AssignmentRoles = {
  tenantPk: string;
  organisationPk: string | null;
  baseAnnotatorPk: string | null;
  fullAnnotatorPk: string;
};

/** The caller's part in an assignment it can see, for edits (admin > full > base); null if none. */
export function editorOf(caller: Principal, assignment: AssignmentRoles, permission: Permission): Editor | null {
  if (manages(caller, assignment)) return "admin";
  if (!caller.user || !can(caller, permission)) return null;
  if (assignment.fullAnnotatorPk === caller.user.pk) return "full";
  if (assignment.baseAnnotatorPk === caller.user.pk) return "base";
  return null;
}

function manages(caller: Principal, a: AssignmentRoles): boolean {
  const reach = adminReach(caller);
  if (!reach) return false;
  if ("all" in reach) return true;
  if ("tenantPk" in reach) return a.tenantPk === reach.tenantPk;
  return a.tenantPk === caller.tenant?.pk && a.organisationPk === reach.organisationPk;
}

/** Annotations the caller sees: those of visible assignments (by tenant, without a join, above organisation level). */
export function visibleAnnotations(caller: Principal, permission: Permission): Record<string, unknown> {
  const reach = adminReach(caller);
  if (reach && "all" in reach) return {};
  if (reach && "tenantPk" in reach) return { tenantPk: reach.tenantPk };
  return { assignment: visibleAssignments(caller, permission) };
}
