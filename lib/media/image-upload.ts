import fs from "node:fs/promises";
import { fileTypeFromBuffer } from "file-type";
import type { UploadedFile } from "@/lib/api/body";
import { ApiError } from "@/lib/api/errors";
import type { StoredFileInput } from "@/lib/storage/stored-files";

// Uploaded pictures (speech challenges' images, categories' images and icons), accepted by their
// bytes, not by the name or type the client claims.

const IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);
/** file-type needs at most this many leading bytes to recognise these formats. */
const SNIFF_BYTES = 4100;

async function head(file: UploadedFile, bytes: number): Promise<Buffer> {
  if (file.bytes) return file.bytes.subarray(0, bytes);
  const handle = await fs.open(await file.onDisk(), "r");
  try {
    const buffer = Buffer.alloc(Math.min(bytes, file.size));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * An uploaded image, validated by its bytes (PNG, JPEG, GIF or WebP; 422 `invalid` on its field
 * otherwise), ready to be stored with its sniffed content type.
 */
export async function analyseImage(upload: UploadedFile, resource: string): Promise<(ns: string) => StoredFileInput> {
  const type = upload.size > 0 ? await fileTypeFromBuffer(await head(upload, SNIFF_BYTES)) : undefined;
  if (!type || !IMAGE_TYPES.has(type.mime)) {
    const what = upload.size === 0 ? "an empty file" : type ? type.mime : "not a recognised file type";
    const message = `must be a PNG, JPEG, GIF or WebP image (received ${what})`;
    throw new ApiError("validation", `${upload.field} ${message}`, [
      { resource, field: upload.field, code: "invalid", message },
    ]);
  }
  const sourcePath = await upload.onDisk();
  return (ns) => ({ sourcePath, ns, kind: "image", contentType: type.mime, size: upload.size });
}
