import type { z } from "zod";
import { clientAddress } from "@/lib/api/client-address";
import { ApiError, OAuthError } from "@/lib/api/errors";
import { otherMethods } from "@/lib/api/other-methods";
import { withApi } from "@/lib/api/with-api";
import { clientCredentialsGrant } from "@/lib/auth/client-credentials-grant";
import { grantSettingsOf } from "@/lib/auth/grants";
import { passwordGrant } from "@/lib/auth/password-grant";
import type { Principal } from "@/lib/auth/principal";
import { tokenRequestSchema, tokenResponseSchema } from "@/lib/auth/schemas";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { observeTokenIssued, observeTokenRefused } from "@/lib/metrics/hooks";

const TOKEN_HEADERS = {
  "Cache-Control": "no-store",
  Pragma: "no-cache",
  "Content-Type": "application/json;charset=UTF-8",
};

// POST /api/tokens
export const POST = withApi(
  {
    policy: "token",
    optionalAuth: true,
    resource: "Token",
    body: tokenRequestSchema,
    responses: { 200: tokenResponseSchema },
  },
  async (ctx) => {
    try {
      const response = await grant(ctx);
      observeTokenIssued(ctx.body.grant_type ?? "");
      return response;
    } catch (error) {
      const reason = error instanceof OAuthError ? error.error : error instanceof ApiError ? error.code : "error";
      observeTokenRefused(ctx.body.grant_type, reason);
      throw error;
    }
  },
);

async function grant({
  req,
  body,
  optionalPrincipal,
}: {
  req: Request;
  body: z.output<typeof tokenRequestSchema>;
  optionalPrincipal: Principal | null;
}): Promise<Response> {
  const settings = grantSettingsOf(config());
  let token;
  if (body.grant_type === "password") {
    if (!body.username || !body.password) throw new OAuthError("invalid_request", "username and password are required");
    const grant = {
      username: body.username,
      password: body.password,
      scope: body.scope || undefined,
      clientAddress: clientAddress(req),
    };
    token = await passwordGrant(db(), grant, settings);
  } else if (body.grant_type === "client_credentials") {
    if (!optionalPrincipal)
      throw new OAuthError("invalid_client", "client_credentials needs a valid bearer token of the caller");
    token = await clientCredentialsGrant(db(), optionalPrincipal, body.scope || undefined, settings);
  } else if (!body.grant_type) {
    throw new OAuthError("invalid_request", "grant_type is required");
  } else {
    throw new OAuthError("unsupported_grant_type", "grant_type must be password or client_credentials");
  }
  return new Response(JSON.stringify(tokenResponseSchema.parse(token)), { status: 200, headers: TOKEN_HEADERS });
}

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
