import { db } from "@/lib/db/client";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { createBasicAuthSchema, createdCredentialSchema } from "@/lib/credentials/schemas";
import { createBasicAuth } from "@/lib/credentials/basic-auths";
import { otherMethods } from "@/lib/api/other-methods";

// POST /api/user/basicauths
export const POST = withApi({ policy: "credential", authenticated: true, resource: "BasicAuth", body: createBasicAuthSchema, responses: { 201: createdCredentialSchema } }, async ({ principal, body }) =>
  json(createdCredentialSchema, await createBasicAuth(db(), principal, null, body), { status: 201, headers: { "Cache-Control": "no-store" } }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
