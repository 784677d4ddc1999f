import { once } from "node:events";
import { createWriteStream, type WriteStream } from "node:fs";
import type { Readable } from "node:stream";
import { finished } from "node:stream/promises";

// A multipart file part as it arrives (lib/api/body.ts): held in memory while small, within one
// budget for all requests together, else streamed to a file.

/** File parts up to this size are held in memory, while all requests' parts together stay within IN_MEMORY_BUDGET_BYTES. */
export const IN_MEMORY_PART_BYTES = 256 * 1024;
const IN_MEMORY_BUDGET_BYTES = 64 * 1024 * 1024;
let inMemoryBytes = 0;

/** A request's share of the budget: `hold` takes bytes while the budget lasts, `release` gives all back. */
export function memoryShare() {
  let held = 0;
  return {
    hold: (bytes: number) => {
      if (inMemoryBytes + bytes > IN_MEMORY_BUDGET_BYTES) return false;
      inMemoryBytes += bytes;
      held += bytes;
      return true;
    },
    release: () => {
      inMemoryBytes -= held;
      held = 0;
    },
  };
}

/** Bytes of file parts held in memory by requests in progress (tests). */
export const heldInMemory = () => inMemoryBytes;

/**
 * Reads one file part: into memory while it stays within IN_MEMORY_PART_BYTES and `hold` grants
 * the bytes, else into a file at `target()` (what was held so far written first).
 */
export async function receivePart(
  stream: Readable,
  hold: (bytes: number) => boolean,
  target: () => Promise<string>,
): Promise<{ size: number; bytes: Buffer | null; path: string | null }> {
  const chunks: Buffer[] = [];
  let size = 0;
  let file: { path: string; out: WriteStream } | null = null;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (!file && size <= IN_MEMORY_PART_BYTES && hold(chunk.length)) {
        chunks.push(chunk);
        continue;
      }
      if (!file) {
        const to = await target();
        file = { path: to, out: createWriteStream(to) };
        for (const held of chunks.splice(0)) await write(file.out, held);
      }
      await write(file.out, chunk);
    }
    if (!file) return { size, bytes: Buffer.concat(chunks, size), path: null };
    file.out.end();
    await finished(file.out);
    return { size, bytes: null, path: file.path };
  } catch (error) {
    file?.out.destroy();
    throw error;
  }
}

async function write(out: WriteStream, chunk: Buffer): Promise<void> {
  if (!out.write(chunk)) await once(out, "drain");
}
