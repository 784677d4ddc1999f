import { otherMethods } from "@/lib/api/other-methods";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { db } from "@/lib/db/client";
import { signInCodeSchema } from "@/lib/organisations/schemas";
import { organisationSignInCode } from "@/lib/organisations/sign-in-code";

// GET /api/organisations/:organisation/sign-in-code (ours): the school's short sign-in code and address.
export const GET = withApi<{ organisation: string }>(
  { policy: "organisation", authenticated: true, resource: "Organisation", responses: { 200: signInCodeSchema } },
  async ({ principal, params }) =>
    json(signInCodeSchema, await organisationSignInCode(db(), principal, params.organisation)),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
