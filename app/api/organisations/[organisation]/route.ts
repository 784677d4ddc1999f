import { otherMethods } from "@/lib/api/other-methods";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { db } from "@/lib/db/client";
import { getOrganisation } from "@/lib/organisations/organisations";
import { organisationSchema } from "@/lib/organisations/schemas";

// GET /api/organisations/:organisation
export const GET = withApi<{ organisation: string }>(
  { policy: "organisation", authenticated: true, resource: "Organisation", responses: { 200: organisationSchema } },
  async ({ principal, params }) =>
    json(organisationSchema, await getOrganisation(db(), principal, params.organisation)),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
