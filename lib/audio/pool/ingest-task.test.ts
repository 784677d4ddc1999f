import fs from "node:fs/promises";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { FilesystemStorage } from "../../storage/filesystem";
import { INGEST_SCRATCH_PREFIX } from "../../storage/temp-prefixes";
import { inTempDir, listedKeys, readAll, sha256 } from "../../storage/test-support";
import { ingestAudio } from "../ingest";
import { makeSpeechOgg, makeSpeechWav, missingAudioTools } from "../test-audio";
import runIngestTask from "./ingest-task";

// An upload held in memory (lib/api/body.ts) reaches the pool thread as bytes: the thread stores
// its files (or, for S3, hands back those it made) and leaves nothing of its own behind, whether
// the audio was valid or not. An Ogg Opus upload in the segment's framing is its own normalised
// segment, and its peaks are made when asked for: one file, not three.

test("an upload's bytes: the original, its segment (unless it is the original) and its peaks stored; no scratch left", async () => {
  test.skip((await missingAudioTools()).length > 0, "needs espeak-ng, opus-tools and sox");
  await inTempDir(async (dir) => {
    for (const [source, files] of [
      [await makeSpeechOgg(dir, "The cat sat on the mat."), 1],
      [await makeSpeechWav(dir, "The dog sat on the log.", { name: "answer.wav" }), 3],
    ] as const) {
      const bytes = await fs.readFile(source);
      const dataDir = path.join(dir, `data-${files}`);
      const scratchIn = path.join(dataDir, "tmp");
      const answer = await runIngestTask({ bytes, scratchIn, store: { dataDir } });
      if (!answer.ok) throw new Error(answer.invalid);
      expect(answer.result.segmentIsOriginal).toBe(files === 1);
      const stored = answer.stored!;
      expect(stored).toHaveLength(files);
      const [original] = stored;
      expect(original).toMatchObject({ size: bytes.length, sha256: sha256(bytes) });
      expect(answer.result.info).toMatchObject({ sha256: sha256(bytes), size: bytes.length });
      const storage = new FilesystemStorage(dataDir);
      expect(await listedKeys(storage)).toEqual(stored.map((put) => put!.storageKey).sort());
      for (const put of stored) expect(sha256(await readAll(await storage.read(put!.storageKey)))).toBe(put!.sha256);
      expect(await fs.readdir(scratchIn)).toEqual([]);
    }
  });
});

test("an upload's bytes without a store (S3): the files it made come back as bytes, as ingestAudio makes them", async () => {
  test.skip((await missingAudioTools()).length > 0, "needs espeak-ng, opus-tools and sox");
  await inTempDir(async (dir) => {
    for (const source of [
      await makeSpeechOgg(dir, "The cat sat on the mat."),
      await makeSpeechWav(dir, "The dog sat on the log.", { name: "answer.wav" }),
    ]) {
      const bytes = await fs.readFile(source);
      const scratchIn = path.join(dir, "tmp");
      const answer = await runIngestTask({ bytes, scratchIn });
      if (!answer.ok) throw new Error(answer.invalid);
      expect(answer.stored).toBeUndefined();
      const out = { normalisedPath: path.join(dir, "n.ogg"), peaksPath: path.join(dir, "p.dat") };
      const direct = await ingestAudio(source, out, { worker: false });
      expect(answer.result).toEqual(direct);
      if (direct.info.format === "ogg-opus") {
        // The upload's own bytes are the segment, never decoded: nothing to hand back, no peaks yet.
        expect(direct.segmentIsOriginal).toBe(true);
        expect(direct.peaks).toBeNull();
        expect((await fs.readFile(out.normalisedPath)).equals(bytes)).toBe(true);
        expect(answer.made).toEqual({ normalised: null, peaks: null });
      } else {
        expect(Buffer.from(answer.made!.peaks!).equals(await fs.readFile(out.peaksPath))).toBe(true);
        // A segment like the one made from the file (each Ogg stream gets its own random serial number).
        expect(direct.segmentIsOriginal).toBe(false);
        const segment = path.join(dir, "made.ogg");
        await fs.writeFile(segment, answer.made!.normalised!);
        const again = await ingestAudio(segment, { normalisedPath: `${segment}-n`, peaksPath: `${segment}-p` });
        expect(again.info).toMatchObject({ format: "ogg-opus", channels: 1, samples: direct.normalised.samples });
        await fs.rm(`${segment}-n`);
        await fs.rm(`${segment}-p`, { force: true }); // none: a segment is kept as it is
      }
      expect(await fs.readdir(scratchIn)).toEqual([]);
      await fs.rm(out.normalisedPath);
      await fs.rm(out.peaksPath, { force: true });
    }
  });
});

test("the peaks of a segment kept as uploaded: made in the pool thread as ingest makes them when it re-encodes", async () => {
  test.skip((await missingAudioTools()).length > 0, "needs espeak-ng, opus-tools and sox");
  await inTempDir(async (dir) => {
    const source = await makeSpeechOgg(dir, "The cat sat on the mat.");
    const peaksPath = path.join(dir, "made.dat");
    const answer = await runIngestTask({ peaksOf: source, peaksPath });
    if (!answer.ok) throw new Error(answer.invalid);
    const out = { normalisedPath: path.join(dir, "n.ogg"), peaksPath: path.join(dir, "p.dat") };
    const reencoded = await ingestAudio(source, out, { worker: false, passthrough: false });
    expect(answer.peaks).toEqual(reencoded.peaks);
    expect((await fs.readFile(peaksPath)).equals(await fs.readFile(out.peaksPath))).toBe(true);
    const broken = path.join(dir, "broken.ogg");
    await fs.writeFile(broken, "OggS but not really");
    expect(await runIngestTask({ peaksOf: broken, peaksPath: path.join(dir, "none.dat") })).toMatchObject({
      ok: false,
    });
    await expect(fs.stat(path.join(dir, "none.dat"))).rejects.toThrow();
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
