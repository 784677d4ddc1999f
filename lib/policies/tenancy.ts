import { ApiError } from "@/lib/api/errors";
import { isAdministrator, type Principal } from "@/lib/auth/principal";
import { adminReach, type Where } from "./reach";

// The "tenant" and "organisation" policies (table.ts). A top-level admin sees every tenant, a
// tenant (acting as itself, or a tenant-level user with TENANT) its own; an organisation's
// administrators reach their organisation only, not its tenant. Organisations are seen by the
// administrators of their tenant and by their own members.

/** The tenants within the caller's administrative reach; 403 for callers that reach none. */
export function tenantsInReach(caller: Principal): Where {
  const reach = adminReach(caller);
  if (reach && "all" in reach) return {};
  if (reach && "tenantPk" in reach) return { pk: reach.tenantPk };
  throw new ApiError("forbidden", "Only top-level and tenant administrators see tenants");
}

/** The organisations of tenant `tenantPk` (the caller's) that the caller lists. */
export function organisationsInReach(caller: Principal, tenantPk: string): Where {
  return caller.level === "organisation" && caller.organisation ? { pk: caller.organisation.pk } : { tenantPk };
}

/** Whether the caller sees organisation `organisationPk` of its tenant. */
export function seesOrganisation(caller: Principal, organisationPk: string): boolean {
  return caller.level === "organisation" ? organisationPk === caller.organisation?.pk : isAdministrator(caller);
}
