import { ApiError } from "@/lib/api/errors";
import { ERRORS, WampError } from "./messages";

/** Our typed errors become WAMP errors; anything else is reported without internals. */
export function toWampError(error: unknown): WampError {
  if (error instanceof WampError) return error;
  if (error instanceof ApiError) {
    const uri = API_ERROR_URIS[error.code] ?? `nl.itslanguage.${error.code}`;
    return new WampError(uri, error.message, error.errors ? { errors: error.errors } : {});
  }
  return new WampError("wamp.error.runtime_error", "The server could not complete this call");
}

const API_ERROR_URIS: Partial<Record<ApiError["code"], string>> = {
  not_found: ERRORS.noSuchChallenge,
  forbidden: ERRORS.notAuthorized,
  validation: ERRORS.invalidArgument,
  bad_request: ERRORS.invalidArgument,
  payload_too_large: ERRORS.limitExceeded,
};
