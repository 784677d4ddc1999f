import { createHmac, timingSafeEqual } from "node:crypto";
import type { z } from "zod";
import { ApiError } from "./errors";

// Opaque, tamper-evident cursors: base64url(JSON payload) + "." + a truncated HMAC-SHA256
// over it. A cursor that was altered (or issued by another deployment) is a 400, never a
// silently different page.

const invalidCursor = () =>
  new ApiError("bad_request", "startCursor is not a cursor this service issued (it was altered or has expired)");

const sign = (key: Buffer, payload: string) => createHmac("sha256", key).update(payload).digest().subarray(0, 16);

export function encodeSignedCursor(key: Buffer, value: unknown): string {
  const payload = Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${payload}.${sign(key, payload).toString("base64url")}`;
}

export function decodeSignedCursor<S extends z.ZodType>(key: Buffer, raw: string, schema: S): z.output<S> {
  const [payload, mac, extra] = raw.split(".");
  if (!payload || !mac || extra !== undefined) throw invalidCursor();
  const given = Buffer.from(mac, "base64url");
  const expected = sign(key, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalidCursor();
  try {
    return schema.parse(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")));
  } catch {
    throw invalidCursor();
  }
}
