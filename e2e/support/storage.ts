// The stored files of the server under test, to check that failed or deleted writes leave
// no file behind. playwright.config.ts gives each server DATA_DIR <TEST_DATA_ROOT>/<db>, and
// filesystem storage keeps objects under <DATA_DIR>/files (the originals byte for byte).
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { expect, test } from "@playwright/test";

/** The storage directory of the current project's server (api-sqlite → sqlite, api-postgres → postgres). */
export function storageDir(): string {
  const root = process.env.TEST_DATA_ROOT;
  expect(root, "TEST_DATA_ROOT is set by playwright.config.ts").toBeTruthy();
  return path.join(root!, test.info().project.name.replace(/^api-/, ""), "files");
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/**
 * How many stored objects hold exactly these bytes: outside the temp area (`.tmp`, where writes in
 * progress live), or with `includeTmp` anywhere under the storage directory (a finished request
 * must not have left a complete copy there either).
 */
export async function storedCopies(
  bytes: Uint8Array,
  { includeTmp = false }: { includeTmp?: boolean } = {},
): Promise<number> {
  const want = sha256(bytes);
  let count = 0;
  const visit = async (dir: string): Promise<void> => {
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (includeTmp || entry.name !== ".tmp") await visit(full);
      } else if (entry.isFile()) {
        // Another test's file may go while this one looks (a parallel worker deleting its own).
        const stat = await fs.stat(full).catch(() => null);
        const content = stat?.size === bytes.length ? await fs.readFile(full).catch(() => null) : null;
        if (content && sha256(content) === want) count++;
      }
    }
  };
  await visit(storageDir());
  return count;
}
