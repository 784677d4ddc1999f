import type { z } from "zod";
import type { ParsedBody } from "./body";
import { ApiError, type FieldError } from "./errors";

// What withApi reads from a request: the token, the query and body as objects, and zod's verdict
// on them as our field errors.

export function extractToken(req: Request, url: URL): { token: string | null; fromQuery: boolean } {
  const header = req.headers.get("authorization");
  if (header) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    return { token: match ? match[1] : "", fromQuery: false };
  }
  const query = url.searchParams.get("access_token");
  return query ? { token: query, fromQuery: true } : { token: null, fromQuery: false };
}

export function unauthorized(hadToken: boolean) {
  const challenge = hadToken
    ? 'Bearer error="invalid_token", error_description="The access token is malformed, expired or revoked"'
    : "Bearer";
  return new ApiError(
    "unauthorized",
    hadToken ? "The access token is malformed, expired or revoked" : "Authentication is required",
    undefined,
    { "WWW-Authenticate": challenge },
  );
}

export function queryObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    if (key === "access_token") continue;
    const all = url.searchParams.getAll(key);
    out[key] = all.length === 1 ? all[0] : all;
  }
  return out;
}

export function bodyObject(parsed: ParsedBody): unknown {
  if (parsed.kind === "json") return parsed.value;
  if (parsed.kind === "form" || parsed.kind === "multipart") return parsed.fields;
  return {};
}

export function validate<S extends z.ZodType>(schema: S, input: unknown, resource: string): z.output<S> {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    throw new ApiError("bad_request", "The request body must be a JSON object");
  }
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  for (const issue of result.error.issues) {
    // The field is the top-level name; the message says where inside it (e.g. roles.1).
    const field = issue.path.length ? String(issue.path[0]) : "(body)";
    if (seen.has(field)) continue;
    seen.add(field);
    const top = issue.path.length ? (input as Record<string, unknown>)[field] : input;
    const missing = issue.path.length === 1 && (top === undefined || top === "");
    const where = issue.path.length > 1 ? `${issue.path.map(String).join(".")}: ` : "";
    errors.push({ resource, field, code: missing ? "missing_field" : "invalid", message: where + issue.message });
  }
  throw new ApiError(
    "validation",
    `Invalid ${resource}: ${errors.map((e) => `${e.field} (${e.code})`).join(", ")}`,
    errors,
  );
}
