import { otherMethods } from "@/lib/api/other-methods";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { createEmailAuth } from "@/lib/credentials/email-auths";
import { createdCredentialSchema, createEmailAuthSchema } from "@/lib/credentials/schemas";
import { db } from "@/lib/db/client";

// POST /api/user/:userId/emailauths (the SDK's path)
export const POST = withApi<{ userId: string }, typeof createEmailAuthSchema>(
  {
    policy: "credential",
    authenticated: true,
    resource: "EmailAuth",
    body: createEmailAuthSchema,
    responses: { 201: createdCredentialSchema },
  },
  async ({ principal, params, body }) =>
    json(createdCredentialSchema, await createEmailAuth(db(), principal, params.userId, body), {
      status: 201,
      headers: { "Cache-Control": "no-store" },
    }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
