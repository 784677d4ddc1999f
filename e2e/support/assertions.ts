// Assertions shared by the API specs: timestamps and the JSON error shape of api-conventions.md
// ("Errors": a JSON body with a string `message`, and for 422 an `errors` list naming the fields).
import { type APIResponse, expect } from "@playwright/test";

/** An ISO 8601 UTC timestamp (created/updated fields), as an asymmetric matcher. */
export const ISO = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);

export type FieldError = { resource: string; field: string; code: string; message?: string };
export type ErrorBody = { message: string; errors?: FieldError[] };

/**
 * An error answer: the status is `status` (or one of a list), the body is JSON with a string
 * `message`. Returns the body. `label` (optional) prefixes every failure message.
 */
export async function expectError(
  response: APIResponse,
  status: number | readonly number[],
  label?: string,
): Promise<ErrorBody> {
  const text = await response.text();
  const allowed: readonly number[] = typeof status === "number" ? [status] : status;
  const prefix = label ? `${label}: ` : "";
  expect(allowed, `${prefix}${response.url()} answered ${response.status()}: ${text.slice(0, 1000)}`).toContain(
    response.status(),
  );
  expect(response.headers()["content-type"], `${prefix}Content-Type`).toContain("application/json");
  const body = JSON.parse(text) as ErrorBody;
  expect(body.message, `${prefix}message`).toEqual(expect.any(String));
  return body;
}

/** A 422 whose `errors` name `field` with `code` on `resource`; returns that field error. */
export async function expectFieldError(
  response: APIResponse,
  resource: string,
  field: string,
  code = "invalid",
): Promise<FieldError> {
  const body = await expectError(response, 422);
  expect(body.errors, JSON.stringify(body)).toContainEqual(expect.objectContaining({ resource, field, code }));
  return body.errors!.find((e) => e.resource === resource && e.field === field && e.code === code)!;
}
