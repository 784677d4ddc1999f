// The organisation acting as itself, as the progress benchmarks call the read path. Imported
// lazily: lib/ reads its configuration (DATA_DIR, the database) when first loaded.
export async function organisationPrincipal(tenantPk: string, orgPk: string) {
  const { buildPrincipal } = await import("../../lib/auth/principal");
  return buildPrincipal({
    token: { pk: "bench", familyPk: "bench", lineage: "bench", expiresAt: new Date(8.64e15) },
    scope: "tenant/bench/organisation/bench",
    kind: "organisation",
    level: "organisation",
    user: null,
    tenant: { pk: tenantPk, id: "bench" },
    organisation: { pk: orgPk, id: "bench" },
    roles: ["ORGANISATION"],
    actorUserPk: null,
    actor: null,
  });
}
