// multipart/form-data with repeated parts (choices, audio, ...), which Playwright's own
// `multipart` option cannot send (it takes one value per name). The body is encoded by
// Node's FormData + Response (the same encoder browsers and the SDK use) and sent raw
// through the Playwright request context, so baseURL and tracing keep working.
import type { APIRequestContext, APIResponse } from "@playwright/test";

/** A file part. Without a file name the part is still a file part (named "blob"). */
export type FilePart = { buffer: Uint8Array; name?: string; mimeType?: string };
/** A file part with every field given: also what Playwright's own `multipart` option takes. */
export type NamedFilePart = { buffer: Buffer; name: string; mimeType: string };
export type PartValue = string | number | FilePart;
/** Parts by name (a list repeats the name, in order), or an explicit list of [name, value] in order. */
export type MultipartRecord = Record<string, PartValue | PartValue[] | undefined>;
export type MultipartFields = MultipartRecord | [string, PartValue][];

export const isFilePart = (value: unknown): value is FilePart =>
  typeof value === "object" && value !== null && (value as FilePart).buffer instanceof Uint8Array;

export const filePart = (buffer: Uint8Array, name = "audio.bin", mimeType = "application/octet-stream"): FilePart => ({
  buffer,
  name,
  mimeType,
});

function entriesOf(fields: MultipartFields): [string, PartValue][] {
  if (Array.isArray(fields)) return fields;
  return Object.entries(fields).flatMap(([name, value]) =>
    value === undefined ? [] : (Array.isArray(value) ? value : [value]).map((v): [string, PartValue] => [name, v]),
  );
}

/** The encoded body and its content type (with the boundary). */
export async function encodeMultipart(fields: MultipartFields): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of entriesOf(fields)) {
    if (isFilePart(value)) {
      // A copy: Blob wants an ArrayBuffer-backed view, and Buffers may share a pool.
      form.append(
        name,
        new Blob([new Uint8Array(value.buffer)], { type: value.mimeType ?? "application/octet-stream" }),
        value.name ?? "blob",
      );
    } else {
      form.append(name, String(value));
    }
  }
  const encoded = new Response(form);
  const contentType = encoded.headers.get("content-type");
  if (!contentType?.startsWith("multipart/form-data")) throw new Error(`FormData encoded as ${contentType}`);
  return { body: Buffer.from(await encoded.arrayBuffer()), contentType };
}

/** Sends `fields` as multipart/form-data with `method` (repeated names allowed). */
export async function sendMultipart(
  request: APIRequestContext,
  method: "POST" | "PUT" | "PATCH",
  url: string,
  fields: MultipartFields,
  headers: Record<string, string> = {},
): Promise<APIResponse> {
  const { body, contentType } = await encodeMultipart(fields);
  return request.fetch(url, { method, data: body, headers: { ...headers, "content-type": contentType } });
}

export const postMultipart = (
  request: APIRequestContext,
  url: string,
  fields: MultipartFields,
  headers: Record<string, string> = {},
) => sendMultipart(request, "POST", url, fields, headers);

/** application/x-www-form-urlencoded with repeated names (e.g. choices), in order. */
export function encodeForm(fields: Record<string, string | string[] | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) params.append(name, v);
  }
  return params.toString();
}
