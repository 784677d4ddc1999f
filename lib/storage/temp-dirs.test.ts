import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { removeStaleTempDirs } from "./temp-dirs";

const HOUR = 3600_000;

async function dirWith(root: string, name: string, ageMs: number, files: Record<string, number> = {}) {
  const dir = path.join(root, name);
  await fs.mkdir(dir);
  for (const [file, fileAge] of Object.entries(files)) {
    await fs.writeFile(path.join(dir, file), "x");
    const at = new Date(Date.now() - fileAge);
    await fs.utimes(path.join(dir, file), at, at);
  }
  const at = new Date(Date.now() - ageMs);
  await fs.utimes(dir, at, at);
}

test("request temp directories untouched for long enough are removed; young, busy and foreign ones stay", async () => {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), "temp-dirs-"));
  try {
    await dirWith(root, "upload-old", 2 * HOUR, { "0": 2 * HOUR, "1": 3 * HOUR });
    await dirWith(root, "json-upload-old", 2 * HOUR);
    await dirWith(root, "combine-old", 2 * HOUR, { "seg-0.ogg": 2 * HOUR });
    await dirWith(root, "upload-young", 10 * 60_000, { "0": 10 * 60_000 });
    // An old directory whose file is still being written (a long upload) is in use.
    await dirWith(root, "upload-busy", 2 * HOUR, { "0": 1000 });
    await dirWith(root, "not-ours", 5 * HOUR);
    await fs.writeFile(path.join(root, "upload-file-not-dir"), "x");
    const at = new Date(Date.now() - 5 * HOUR);
    await fs.utimes(path.join(root, "upload-file-not-dir"), at, at);

    expect(await removeStaleTempDirs(root, HOUR)).toBe(3);
    expect((await fs.readdir(root)).sort()).toEqual(["not-ours", "upload-busy", "upload-file-not-dir", "upload-young"]);
    // At start (a few minutes): the ten-minute-old one goes too, the busy one still stays.
    expect(await removeStaleTempDirs(root, 5 * 60_000)).toBe(1);
    expect((await fs.readdir(root)).sort()).toEqual(["not-ours", "upload-busy", "upload-file-not-dir"]);
  } finally {
    await fs.rm(root, { recursive: true, force: true });
  }
});

test("a missing tmp directory is nothing to clean", async () => {
  expect(await removeStaleTempDirs(path.join(os.tmpdir(), "no-such-dir-for-temp-dirs-test"), HOUR)).toBe(0);
});
