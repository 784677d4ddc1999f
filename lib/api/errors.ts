// Typed errors thrown by domain code and the one table that maps them to HTTP.

export type FieldErrorCode = "missing" | "missing_field" | "invalid" | "already_exists";
export type FieldError = { resource: string; field: string; code: FieldErrorCode; message?: string };

export type ErrorCode =
  | "bad_request"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "method_not_allowed"
  | "conflict"
  | "gone"
  | "payload_too_large"
  | "unsupported_media_type"
  | "validation"
  | "too_many_requests"
  | "internal"
  | "service_unavailable";

export const HTTP_STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation: 422,
  too_many_requests: 429,
  internal: 500,
  service_unavailable: 503,
};

export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
    /** More of the response body (e.g. the current state with a 409 for a stale update). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new ApiError("not_found", `${what} not found`);
export const forbidden = (message = "You do not have permission to do this") => new ApiError("forbidden", message);
export const conflict = (message: string, errors?: FieldError[]) => new ApiError("conflict", message, errors);
export const invalid = (resource: string, field: string, code: FieldErrorCode, message?: string) =>
  new ApiError("validation", message ?? `Invalid ${field}`, [
    { resource, field, code, ...(message ? { message } : {}) },
  ]);

/** Token endpoint failures are answered in RFC 6749 form (plus `message`). */
export type OAuthErrorCode =
  | "invalid_request"
  | "invalid_client"
  | "invalid_grant"
  | "unauthorized_client"
  | "unsupported_grant_type"
  | "invalid_scope";

const OAUTH_STATUS: Record<OAuthErrorCode, number> = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unauthorized_client: 400,
  unsupported_grant_type: 400,
  invalid_scope: 400,
};

export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
  ) {
    super(description);
  }
  get status() {
    return OAUTH_STATUS[this.error];
  }
}
