import fs from "node:fs/promises";
import path from "node:path";
import { type ParsedBody, readUpload, type UploadedFile, uploadedFileAt } from "./body";
import { ApiError, type FieldError } from "./errors";

// How the file fields and text fields of a request body meet an endpoint's declaration.

/**
 * The SDK sends some uploads as JSON (e.g. a recognition's `audio`): a file field may then
 * hold the file as a base64 string or a `data:` URL. It is written to a temp file and
 * handled like a multipart file part.
 */
export async function jsonFileFields(
  value: unknown,
  fileFields: readonly string[],
  tmpRoot: string,
  resource: string,
): Promise<ParsedBody> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { kind: "json", value };
  const fields: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  const present = fileFields.filter((f) => f in fields);
  if (present.length === 0) return { kind: "json", value };
  await fs.mkdir(tmpRoot, { recursive: true });
  const dir = await fs.mkdtemp(path.join(tmpRoot, "json-upload-"));
  const cleanup = () => fs.rm(dir, { recursive: true, force: true });
  const files: Record<string, UploadedFile[]> = {};
  for (const [i, field] of present.entries()) {
    const raw = fields[field];
    delete fields[field];
    const match =
      typeof raw === "string"
        ? /^(?:data:([^;,]*)(?:;[^;,=]+=[^;,]*)*;base64,)?([A-Za-z0-9+/=\s_-]+)$/.exec(raw)
        : null;
    if (!match) {
      await cleanup();
      throw new ApiError("validation", `${field} must be a file part, or in JSON a base64 string or data: URL`, [
        { resource, field, code: "invalid", message: "must be a file (multipart) or base64-encoded (JSON)" },
      ]);
    }
    const bytes = Buffer.from(match[2].replace(/\s+/g, ""), "base64");
    const file = path.join(dir, String(i));
    await fs.writeFile(file, bytes);
    files[field] = [
      uploadedFileAt(file, {
        field,
        filename: "",
        contentType: match[1] || "application/octet-stream",
        size: bytes.length,
      }),
    ];
  }
  // Text fields keep their JSON types; validation reads them from `fields`.
  return { kind: "multipart", fields: fields as never, files, cleanup };
}

/**
 * File fields must be file parts: a text part there is a 422 on that field. A small file
 * part in a text field (clients send JSON parts as Blobs) is read as that field's text.
 */
export async function checkParts(
  parsed: Extract<ParsedBody, { kind: "multipart" }>,
  fileFields: readonly string[],
  resource: string,
  maxText: number,
) {
  const errors: FieldError[] = [];
  for (const [field, parts] of Object.entries(parsed.files)) {
    if (fileFields.includes(field)) continue;
    for (const part of parts) {
      if (part.size > maxText) throw new ApiError("payload_too_large", `The ${field} part exceeds ${maxText} bytes`);
      const text = (await readUpload(part)).toString("utf8");
      const prev = parsed.fields[field];
      parsed.fields[field] = prev === undefined ? text : [...(Array.isArray(prev) ? prev : [prev]), text];
    }
    delete parsed.files[field];
  }
  for (const field of fileFields) {
    if (field in parsed.fields) errors.push({ resource, field, code: "invalid", message: "must be a file part" });
  }
  if (errors.length)
    throw new ApiError(
      "validation",
      `Invalid ${resource}: ${errors.map((e) => `${e.field} ${e.message}`).join(", ")}`,
      errors,
    );
}
