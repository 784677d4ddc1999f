import { otherMethods } from "@/lib/api/other-methods";
import { nextLink } from "@/lib/api/pagination";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { db } from "@/lib/db/client";
import { listOrganisations } from "@/lib/organisations/organisations";
import { listOrganisationsQuery, organisationSchema } from "@/lib/organisations/schemas";

// POST /api/organisations (the SDK's path for the contract's POST /organisation)
export { POST } from "../organisation/route";

// GET /api/organisations
export const GET = withApi(
  {
    policy: "organisation",
    permission: "ORGANISATION_LIST",
    resource: "Organisation",
    query: listOrganisationsQuery,
    responses: { 200: { body: organisationSchema.array(), headers: ["Link"] } },
  },
  async ({ req, principal, query }) => {
    const page = await listOrganisations(db(), principal, query);
    return json(organisationSchema.array(), page.items, { headers: nextLink(req, page.nextCursor) });
  },
);

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
