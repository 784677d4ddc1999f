import type { Level, Principal } from "@/lib/auth/principal";
import { isAdministrator } from "@/lib/auth/principal";
import type { TokenSubject } from "@/lib/auth/tokens";

// The "token" policy (table.ts): a caller may get a token for itself, and an administrator one
// for a scope below it within its own subtree, never upwards or sideways. grant_type=
// client_credentials (lib/auth/client-credentials-grant.ts) asks this of the current token and of the person who
// signed in alike, so no chain of tokens reaches past them.

/** Whom a requested scope names: a user, or a tenant or organisation acting as itself. */
export type Target = TokenSubject & { level: Level; kind: "user" | "tenant" | "organisation"; administrative: boolean };

const DEPTH: Record<Level, number> = { top: 0, tenant: 1, organisation: 2 };

/** Whether `caller` may obtain a token for `target`. */
export function mayImpersonate(caller: Principal, target: Target): boolean {
  const isSelf =
    (target.kind === "user" && target.userPk === caller.user?.pk) ||
    (target.kind === "tenant" && caller.kind === "tenant" && target.tenantPk === caller.tenant?.pk) ||
    (target.kind === "organisation" &&
      caller.kind === "organisation" &&
      target.organisationPk === caller.organisation?.pk);
  if (isSelf) return true;
  if (!isAdministrator(caller)) return false;
  // Within the caller's own subtree only.
  if (caller.level === "tenant" && target.tenantPk !== caller.tenant!.pk) return false;
  if (caller.level === "organisation" && target.organisationPk !== caller.organisation!.pk) return false;
  if (DEPTH[target.level] < DEPTH[caller.level]) return false;
  // An administrative user may act as its own tenant or organisation ("as a tenant does"),
  // but never as another administrator of the same level (sideways).
  if (DEPTH[target.level] === DEPTH[caller.level] && target.kind === "user") {
    return caller.kind !== "user" || !target.administrative;
  }
  return true;
}
