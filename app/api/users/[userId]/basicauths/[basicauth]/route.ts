import { otherMethods } from "@/lib/api/other-methods";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { resetBasicAuthPassword } from "@/lib/credentials/reset-password";
import { createdCredentialSchema, resetPasswordSchema } from "@/lib/credentials/schemas";
import { db } from "@/lib/db/client";

// PUT /api/users/:userId/basicauths/:basicauth (ours): a new password for one of the user's
// usernames, given or generated in the organisation's language, shown once; the user's tokens
// are revoked (lib/credentials/reset-password.ts).
export const PUT = withApi<{ userId: string; basicauth: string }, typeof resetPasswordSchema>(
  {
    policy: "credential",
    authenticated: true,
    resource: "BasicAuth",
    body: resetPasswordSchema,
    extension: true,
    summary:
      "Reset the password of one of a user's usernames (generated when none is given); revokes the user's tokens",
    responses: { 200: createdCredentialSchema },
  },
  async ({ principal, params, body }) =>
    json(
      createdCredentialSchema,
      await resetBasicAuthPassword(db(), principal, params.userId, params.basicauth, body),
      { headers: { "Cache-Control": "no-store" } },
    ),
);

export const { GET, POST, PATCH, DELETE } = otherMethods("PUT");
