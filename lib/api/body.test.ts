import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { type ParsedBody, parseBody, readUpload } from "./body";
import { heldInMemory, IN_MEMORY_PART_BYTES } from "./file-parts";

const LIMITS = { maxBodyBytes: 1 << 20, maxUploadBytes: 8 << 20 };

/** A multipart request of these file parts (sent in 64 KiB pieces, as a socket delivers them). */
function multipart(parts: Record<string, Buffer>): Request {
  const form = new FormData();
  form.append("note", "text part");
  for (const [name, bytes] of Object.entries(parts))
    form.append(name, new Blob([new Uint8Array(bytes)]), `${name}.bin`);
  const encoded = new Response(form);
  return new Request("http://localhost/upload", {
    method: "POST",
    headers: { "content-type": encoded.headers.get("content-type")! },
    body: encoded.body,
    duplex: "half",
  } as RequestInit);
}

async function parsed(tmpDir: string, parts: Record<string, Buffer>) {
  const body = await parseBody(multipart(parts), { ...LIMITS, tmpDir });
  if (body.kind !== "multipart") throw new Error(`not multipart: ${body.kind}`);
  return body as Extract<ParsedBody, { kind: "multipart" }>;
}

async function withTmp(run: (tmpDir: string) => Promise<void>) {
  const tmpDir = await fs.mkdtemp(path.join(os.tmpdir(), "body-test-"));
  try {
    await run(tmpDir);
  } finally {
    await fs.rm(tmpDir, { recursive: true, force: true });
  }
}

test("a small file part is held in memory: no temp directory unless a file is asked for", async () => {
  await withTmp(async (tmpDir) => {
    const small = randomBytes(15_000);
    const body = await parsed(tmpDir, { audio: small });
    const [part] = body.files.audio!;
    expect(part!.size).toBe(small.length);
    expect(part!.bytes?.equals(small)).toBe(true);
    expect(await fs.readdir(tmpDir)).toEqual([]);
    expect(heldInMemory()).toBe(small.length);
    // Asked for as a file (an SRT or image upload is stored from one): written once, same bytes.
    const file = await part!.onDisk();
    expect(await part!.onDisk()).toBe(file);
    expect((await fs.readFile(file)).equals(small)).toBe(true);
    expect((await readUpload(part!)).equals(small)).toBe(true);
    await body.cleanup();
    expect(await fs.readdir(tmpDir)).toEqual([]);
    expect(heldInMemory()).toBe(0);
  });
});

test("a part past the in-memory size goes to a file, with what was held before it", async () => {
  await withTmp(async (tmpDir) => {
    const large = randomBytes(IN_MEMORY_PART_BYTES + 70_000);
    const small = randomBytes(1_000);
    const body = await parsed(tmpDir, { large, small });
    const [big] = body.files.large!;
    expect(big!.bytes).toBeNull();
    expect(big!.size).toBe(large.length);
    expect((await fs.readFile(await big!.onDisk())).equals(large)).toBe(true);
    expect((await readUpload(big!)).equals(large)).toBe(true);
    expect(body.files.small![0]!.bytes?.equals(small)).toBe(true);
    expect(heldInMemory()).toBeGreaterThanOrEqual(small.length);
    await body.cleanup();
    expect(await fs.readdir(tmpDir)).toEqual([]);
    expect(heldInMemory()).toBe(0);
  });
});
