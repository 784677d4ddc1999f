import { z } from "zod";
import type { DocHeader } from "@/lib/api/doc";
import type { Json } from "./json-schemas";

// The parts of the OpenAPI document every operation shares: error bodies and responses, headers,
// the If-Match parameter and the security schemes.

export const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "Malformed request (bad JSON, wrong shape, bad cursor)",
  401: "Missing, malformed, expired or revoked token (`WWW-Authenticate: Bearer`)",
  403: "The caller lacks the permission, or does not act in an organisation",
  404: "Not found (also when it belongs to another tenant)",
  409: "Conflict: the id is taken, the state does not allow it, or If-Match is stale",
  410: "Already deleted",
  413: "The body or a file is over the size limit",
  415: "Unsupported request content type",
  422: "Invalid or missing fields (`errors` names them)",
  429: "Too many failed sign-ins (`Retry-After`)",
  500: "An internal error (with a `requestId` that is in the server log)",
  503: "Every audio worker is busy and the queue is full; retry after `Retry-After` seconds",
};

const fieldError = z.object({
  resource: z.string(),
  field: z.string(),
  code: z.enum(["missing", "missing_field", "invalid", "already_exists"]),
  message: z.string().optional(),
});
/** Every error body: `message`, `errors` for field failures, more fields for some statuses (409's current state, 500's requestId). */
export const errorBodySchema = z.looseObject({
  message: z.string(),
  errors: z.array(fieldError).optional(),
  requestId: z.string().optional(),
});
/** The token endpoint's failures (RFC 6749 plus `message`). */
export const oauthErrorSchema = z.object({
  error: z.enum([
    "invalid_request",
    "invalid_client",
    "invalid_grant",
    "unauthorized_client",
    "unsupported_grant_type",
    "invalid_scope",
  ]),
  error_description: z.string(),
  message: z.string(),
});

export const HEADER_REFS: Record<DocHeader, string> = {
  Location: "#/components/headers/Location",
  Link: "#/components/headers/Link",
  ETag: "#/components/headers/ETag",
  "Content-Range": "#/components/headers/ContentRange",
  "Content-Disposition": "#/components/headers/ContentDisposition",
  "Retry-After": "#/components/headers/RetryAfter",
};

/** The shared error responses (Error<status>, OAuthError400/401). */
export function errorResponses(): Record<string, Json> {
  const out: Record<string, Json> = Object.fromEntries(
    Object.entries(ERROR_DESCRIPTIONS).map(([status, description]) => [
      `Error${status}`,
      {
        description,
        ...(status === "401"
          ? { headers: { "WWW-Authenticate": { schema: { type: "string" }, description: "Bearer challenge" } } }
          : {}),
        ...(status === "429" || status === "503"
          ? { headers: { "Retry-After": { $ref: HEADER_REFS["Retry-After"] } } }
          : {}),
        content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
      },
    ]),
  );
  for (const s of [400, 401]) {
    out[`OAuthError${s}`] = {
      description:
        s === 400
          ? "RFC 6749 error: invalid_request, invalid_grant, unsupported_grant_type, invalid_scope"
          : "RFC 6749 invalid_client",
      content: {
        "application/json": {
          schema: { anyOf: [{ $ref: "#/components/schemas/OAuthError" }, { $ref: "#/components/schemas/Error" }] },
        },
      },
    };
  }
  return out;
}

/** Security schemes, the If-Match parameter and the response headers operations refer to. */
export const SHARED_COMPONENTS = {
  securitySchemes: {
    bearerAuth: { type: "http", scheme: "bearer", description: "An access token from POST /tokens" },
    accessToken: {
      type: "apiKey",
      in: "query",
      name: "access_token",
      description: "The same token as a query parameter (download URLs)",
      "x-extension": true,
    },
  },
  parameters: {
    IfMatch: {
      name: "If-Match",
      in: "header",
      required: false,
      schema: { type: "string" },
      description: "The ETag of the version the change is based on; a stale one is refused with 409",
      "x-extension": true,
    },
  },
  headers: {
    Location: { description: "URL of the created or updated resource", schema: { type: "string", format: "uri" } },
    Link: {
      description: 'RFC 8288: `<...startCursor=...>; rel="next"` when there is a next page',
      schema: { type: "string" },
      "x-extension": true,
    },
    ETag: {
      description: "Version of the representation (use with If-Match / If-None-Match)",
      schema: { type: "string" },
      "x-extension": true,
    },
    ContentRange: { description: "The byte range served", schema: { type: "string" }, "x-extension": true },
    ContentDisposition: {
      description: "attachment; filename=...",
      schema: { type: "string" },
      "x-extension": true,
    },
    RetryAfter: { description: "Seconds to wait", schema: { type: "integer" } },
  },
};
