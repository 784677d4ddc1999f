import { otherMethods } from "@/lib/api/other-methods";
import { withApi } from "@/lib/api/with-api";
import { revokeResponseSchema } from "@/lib/auth/schemas";
import { revokeToken } from "@/lib/auth/tokens";
import { db } from "@/lib/db/client";

// POST /api/tokens/revoke — revokes the presented token and those impersonated from it (sign-out).
export const POST = withApi(
  {
    policy: "token",
    authenticated: true,
    resource: "Token",
    responses: { 200: revokeResponseSchema },
    extension: true,
  },
  async ({ principal }) => {
    await revokeToken(db(), principal.token);
    return Response.json({}, { headers: { "Cache-Control": "no-store" } });
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
