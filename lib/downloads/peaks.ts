import { createHash } from "node:crypto";
import path from "node:path";
import { notFound } from "@/lib/api/errors";
import { log } from "@/lib/api/log";
import { segmentPeaksInPool } from "@/lib/audio/pool/run-ingest";
import type { Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { policyRules } from "@/lib/policies/registry";
import { derivedKey } from "@/lib/storage/derived";
import type { Storage } from "@/lib/storage/storage";
import { inTempDir } from "@/lib/storage/temp-dirs";
import { madeOnce } from "./made-once";
import type { ServableFile } from "./serve";

// The waveform peaks of a stored audio file (BBC audiowaveform v2, lib/audio/README.md). An upload
// that was re-encoded has its peaks file from ingest (its row's peaksPk). An Ogg Opus upload kept
// as it was (its own normalised segment) was never decoded: its peaks are made on the first
// request, by decoding it in the worker pool, and kept in storage next to it (a derived key, like
// spectrogram tiles), so every later request, on any instance, is a stored-file read. Who may read
// them is who may download the audio (the "file" policy).

const PEAKS_CONTENT_TYPE = "application/octet-stream";
/** The derived object's name; a new version if the format of made peaks ever changes. */
const MADE_PEAKS = "peaks-v1.dat";

type AudioRow = {
  pk: string;
  storageKey: string;
  format: string | null;
  sha256: string;
  normalisedPk: string | null;
  peaksPk: string | null;
};

/** GET /api/download/:file/peaks: the peaks of the audio file `filePk`, made now if they are missing. */
export async function audioPeaks(db: Db, storage: Storage, caller: Principal, filePk: string): Promise<ServableFile> {
  const file = await policyRules.file.download(db, caller, filePk);
  return peaksOf(db, storage, file);
}

/** The peaks of an audio file row (no permission check: the caller has made it). */
export async function peaksOf(db: Db, storage: Storage, file: AudioRow): Promise<ServableFile> {
  if (file.peaksPk) {
    const stored = await db.storedFile.findUnique({ where: { pk: file.peaksPk } });
    if (stored) return stored;
  }
  const segment =
    file.normalisedPk && file.normalisedPk !== file.pk
      ? await db.storedFile.findUnique({ where: { pk: file.normalisedPk } })
      : file;
  if (segment?.format !== "ogg-opus") throw notFound("Peaks");
  const key = derivedKey(segment.storageKey, MADE_PEAKS);
  let stat = await storage.stat(key);
  if (!stat) {
    await madeOnce(key, () => makePeaks(storage, segment.storageKey, key));
    stat = await storage.stat(key);
    if (!stat) throw new Error(`peaks ${key} were not stored`);
  }
  return {
    storageKey: key,
    contentType: PEAKS_CONTENT_TYPE,
    size: BigInt(stat.size),
    // Strong and stable: the same audio always gives the same peaks.
    sha256: createHash("sha256").update(`${segment.sha256}:${MADE_PEAKS}`).digest("hex"),
    created: stat.modified,
  };
}

async function makePeaks(storage: Storage, segmentKey: string, key: string): Promise<void> {
  const began = performance.now();
  await inTempDir("peaks-", async (dir) => {
    const audioPath = path.join(dir, "segment.ogg");
    const peaksPath = path.join(dir, "peaks.dat");
    await storage.download(segmentKey, audioPath);
    // A full pool (PoolBusyError): 503 with Retry-After (lib/api/error-response.ts); nothing was stored.
    await segmentPeaksInPool(audioPath, peaksPath);
    await storage.putFile(key, peaksPath, PEAKS_CONTENT_TYPE);
  });
  log("info", "peaks.made", { key, totalMs: Math.round(performance.now() - began) });
}
