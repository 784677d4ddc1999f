import { invalid } from "@/lib/api/errors";
import type { Principal } from "@/lib/auth/principal";
import type { Db, Tx } from "@/lib/db/client";
import { ASSIGNMENT_RESOURCE } from "./schemas";

// Annotators are users of the assignment's tenant (tenant-level or in any of its
// organisations) holding an annotator role: the full annotator ANNOTATOR_FULL, the base
// annotator ANNOTATOR_BASE or ANNOTATOR_FULL (ADMIN qualifies for both). A user id is
// unique only within its organisation: the caller's own namespace is tried first, and an
// id found in several organisations must be made unambiguous (422).

const QUALIFYING = { base: ["ANNOTATOR_BASE", "ANNOTATOR_FULL", "ADMIN"], full: ["ANNOTATOR_FULL", "ADMIN"] } as const;

export async function resolveAnnotator(
  db: Db | Tx,
  caller: Principal,
  tenantPk: string,
  id: string,
  stage: "base" | "full",
): Promise<string> {
  const field = stage === "base" ? "baseAnnotator" : "fullAnnotator";
  const candidates = await db.user.findMany({
    where: { id, tenantPk },
    select: { pk: true, ns: true, roles: { select: { roleName: true } } },
    take: 50,
  });
  const own = candidates.find((u) => u.ns === caller.ns);
  if (!own && candidates.length > 1) {
    throw invalid(
      ASSIGNMENT_RESOURCE,
      field,
      "invalid",
      `User id ${id} exists in several organisations of this tenant: impersonate the organisation of the one you mean`,
    );
  }
  const user = own ?? candidates[0];
  if (!user) throw invalid(ASSIGNMENT_RESOURCE, field, "missing", `Unknown user ${id} in this tenant`);
  const roles: readonly string[] = QUALIFYING[stage];
  if (!user.roles.some((r) => roles.includes(r.roleName))) {
    throw invalid(
      ASSIGNMENT_RESOURCE,
      field,
      "invalid",
      `User ${id} cannot be the ${stage} annotator: it needs the ${stage === "base" ? "ANNOTATOR_BASE or ANNOTATOR_FULL" : "ANNOTATOR_FULL"} role`,
    );
  }
  return user.pk;
}
