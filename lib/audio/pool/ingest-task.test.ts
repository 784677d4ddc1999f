import fs from "node:fs/promises";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { FilesystemStorage } from "../../storage/filesystem";
import { INGEST_SCRATCH_PREFIX } from "../../storage/temp-prefixes";
import { inTempDir, listedKeys, readAll, sha256 } from "../../storage/test-support";
import { makeSpeechOgg, missingAudioTools } from "../test-audio";
import runIngestTask from "./ingest-task";

// An upload held in memory (lib/api/body.ts) reaches the pool thread as bytes: the thread stores
// its three files and leaves nothing of its own behind, whether the audio was valid or not.

test("an upload's bytes: the original, its segment and its peaks stored; no scratch left", async () => {
  test.skip((await missingAudioTools()).length > 0, "needs espeak-ng and opus-tools");
  await inTempDir(async (dir) => {
    const bytes = await fs.readFile(await makeSpeechOgg(dir, "The cat sat on the mat."));
    const dataDir = path.join(dir, "data");
    const scratchIn = path.join(dataDir, "tmp");
    const answer = await runIngestTask({ bytes, scratchIn, store: { dataDir } });
    if (!answer.ok) throw new Error(answer.invalid);
    const [original, normalised, peaks] = answer.stored!;
    expect(original).toMatchObject({ size: bytes.length, sha256: sha256(bytes) });
    expect(answer.result.info).toMatchObject({ format: "ogg-opus", sha256: sha256(bytes), size: bytes.length });
    const storage = new FilesystemStorage(dataDir);
    expect(await listedKeys(storage)).toEqual([original!.storageKey, normalised!.storageKey, peaks!.storageKey].sort());
    for (const put of [original!, normalised!, peaks!])
      expect(sha256(await readAll(await storage.read(put.storageKey)))).toBe(put.sha256);
    expect(await fs.readdir(scratchIn)).toEqual([]);
  });
});

test("bytes that are not audio: refused, nothing stored, no scratch left", async () => {
  await inTempDir(async (dir) => {
    const dataDir = path.join(dir, "data");
    const scratchIn = path.join(dataDir, "tmp");
    const answer = await runIngestTask({ bytes: Buffer.from("ID3 not audio at all"), scratchIn, store: { dataDir } });
    expect(answer).toEqual({ ok: false, invalid: expect.stringContaining("not Ogg Opus or WAV") });
    expect(await listedKeys(new FilesystemStorage(dataDir))).toEqual([]);
    expect((await fs.readdir(scratchIn)).filter((e) => e.startsWith(INGEST_SCRATCH_PREFIX))).toEqual([]);
  });
});
