import { otherMethods } from "@/lib/api/other-methods";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { createOrganisation } from "@/lib/organisations/organisations";
import { createOrganisationSchema, organisationSchema } from "@/lib/organisations/schemas";

// POST /api/organisation (the contract's singular path; POST /api/organisations is the same)
export const POST = withApi(
  {
    policy: "organisation",
    permission: "ORGANISATION_CREATE",
    resource: "Organisation",
    body: createOrganisationSchema,
    responses: { 201: { body: organisationSchema, headers: ["Location"] } },
  },
  async ({ principal, body }) => {
    const org = await createOrganisation(db(), principal, body);
    return json(organisationSchema, org, {
      status: 201,
      headers: { Location: `${config().apiBaseUrl}/organisations/${org.id}` },
    });
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
