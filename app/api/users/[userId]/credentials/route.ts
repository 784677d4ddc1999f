import { otherMethods } from "@/lib/api/other-methods";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { listCredentials } from "@/lib/credentials/list";
import { credentialListSchema } from "@/lib/credentials/list-schema";
import { db } from "@/lib/db/client";

// GET /api/users/:userId/credentials (ours): the user's usernames and email addresses, for
// whoever may manage its credentials (lib/policies/credential-access.ts). Passwords are never shown.
export const GET = withApi<{ userId: string }>(
  { policy: "credential", authenticated: true, resource: "Credential", responses: { 200: credentialListSchema } },
  async ({ principal, params }) =>
    json(credentialListSchema, await listCredentials(db(), principal, params.userId), {
      headers: { "Cache-Control": "no-store" },
    }),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
