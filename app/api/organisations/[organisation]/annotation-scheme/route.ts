import {
  deleteOrganisationScheme,
  getOrganisationScheme,
  putOrganisationScheme,
} from "@/lib/annotations/organisation-schemes";
import { SCHEME_RESOURCE, schemeInput, schemeSchema } from "@/lib/annotations/schemas";
import { otherMethods } from "@/lib/api/other-methods";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { db } from "@/lib/db/client";

type Params = { organisation: string };

// GET /api/organisations/:organisation/annotation-scheme: layers, labels and the base annotators' subset
export const GET = withApi<Params>(
  { policy: "scheme", authenticated: true, resource: SCHEME_RESOURCE, responses: { 200: schemeSchema } },
  async ({ principal, params }) =>
    json(schemeSchema, await getOrganisationScheme(db(), principal, params.organisation)),
);

// PUT /api/organisations/:organisation/annotation-scheme (JSON: layers): replaces the scheme
export const PUT = withApi<Params, typeof schemeInput>(
  {
    policy: "scheme",
    authenticated: true,
    resource: SCHEME_RESOURCE,
    body: schemeInput,
    responses: { 200: schemeSchema },
  },
  async ({ principal, params, body }) =>
    json(schemeSchema, await putOrganisationScheme(db(), principal, params.organisation, body.layers)),
);

// DELETE /api/organisations/:organisation/annotation-scheme: back to the default scheme
export const DELETE = withApi<Params>(
  { policy: "scheme", authenticated: true, resource: SCHEME_RESOURCE, responses: { 200: schemeSchema } },
  async ({ principal, params }) =>
    json(schemeSchema, await deleteOrganisationScheme(db(), principal, params.organisation)),
);

export const { POST, PATCH } = otherMethods("GET", "PUT", "DELETE");
