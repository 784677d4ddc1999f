import { otherMethods } from "@/lib/api/other-methods";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { createBasicAuth } from "@/lib/credentials/basic-auths";
import { createBasicAuthSchema, createdCredentialSchema } from "@/lib/credentials/schemas";
import { db } from "@/lib/db/client";

// POST /api/user/basicauths
export const POST = withApi(
  {
    policy: "credential",
    authenticated: true,
    resource: "BasicAuth",
    body: createBasicAuthSchema,
    responses: { 201: createdCredentialSchema },
  },
  async ({ principal, body }) =>
    json(createdCredentialSchema, await createBasicAuth(db(), principal, null, body), {
      status: 201,
      headers: { "Cache-Control": "no-store" },
    }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
