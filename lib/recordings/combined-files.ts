import fs from "node:fs/promises";
import path from "node:path";
import { notFound } from "@/lib/api/errors";
import { log } from "@/lib/api/log";
import type { Db } from "@/lib/db/client";
import { peaksOf } from "@/lib/downloads/peaks";
import type { Storage } from "@/lib/storage/storage";
import { removeObjects, withStoredFiles } from "@/lib/storage/stored-files";
import { inTempDir } from "@/lib/storage/temp-dirs";
import type { SegmentSource } from "./combine";
import { concatPeaks } from "./concat-peaks";
import { combineInPool } from "./pool/combine-in-pool";

// A result set's combined audio and peaks, built lazily when asked for and its cached files are
// stale (combinedCount !== recordingCount); a lease on the row (combiningUntil, taken by
// compare-and-set) makes sure that only one request builds it at a time (result-sets.ts has the rest).

const LEASE_MS = 10 * 60_000;
const POLL_MS = 150;
const building = new Map<string, Promise<void>>();

type Combined = { audio: CombinedFile; peaks: CombinedFile };
type CombinedFile = {
  pk: string;
  storageKey: string;
  contentType: string;
  size: bigint;
  sha256: string;
  created: Date;
};

/** The set's up-to-date combined audio and peaks, built first if stale. */
export async function combinedFiles(db: Db, storage: Storage, setPk: string): Promise<Combined> {
  for (;;) {
    const set = await db.resultSet.findUnique({ where: { pk: setPk } });
    if (!set || set.recordingCount === 0) throw notFound("Result set");
    if (set.combinedFilePk && set.combinedPeaksPk && set.combinedCount === set.recordingCount) {
      const files = await db.storedFile.findMany({ where: { pk: { in: [set.combinedFilePk, set.combinedPeaksPk] } } });
      const audio = files.find((f) => f.pk === set.combinedFilePk);
      const peaks = files.find((f) => f.pk === set.combinedPeaksPk);
      if (audio && peaks) return { audio, peaks };
    }
    // One build per set in this process; across processes the lease on the row decides.
    const local = building.get(setPk);
    if (local) {
      await local.catch(() => {});
      continue;
    }
    const run = buildWithLease(db, storage, setPk);
    building.set(setPk, run);
    try {
      await run;
    } finally {
      building.delete(setPk);
    }
  }
}

async function buildWithLease(db: Db, storage: Storage, setPk: string): Promise<void> {
  const now = new Date();
  const taken = await db.resultSet.updateMany({
    where: { pk: setPk, OR: [{ combiningUntil: null }, { combiningUntil: { lt: now } }] },
    data: { combiningUntil: new Date(now.getTime() + LEASE_MS) },
  });
  if (taken.count === 0) {
    // Another process builds it: wait a little and look again.
    await new Promise((r) => setTimeout(r, POLL_MS));
    return;
  }
  try {
    await buildCombined(db, storage, setPk);
  } finally {
    await db.resultSet.updateMany({ where: { pk: setPk }, data: { combiningUntil: null } }).catch(() => {});
  }
}

/** Builds the combined Ogg Opus and peaks of the set's first recordingCount recordings and stores them. */
async function buildCombined(db: Db, storage: Storage, setPk: string): Promise<void> {
  const set = await db.resultSet.findUnique({ where: { pk: setPk } });
  if (!set) return;
  const count = set.recordingCount;
  if (set.combinedFilePk && set.combinedPeaksPk && set.combinedCount === count) return;
  const started = performance.now();
  const recordings = await db.speechRecording.findMany({
    where: { resultSetPk: setPk, position: { lt: count } },
    orderBy: { position: "asc" },
    select: { position: true, audioFilePk: true },
  });
  if (recordings.length !== count || recordings.some((r, i) => r.position !== i)) {
    throw new Error(`result set ${set.id}: positions are not 0..${count - 1}`);
  }
  const originals = await db.storedFile.findMany({
    where: { pk: { in: recordings.map((r) => r.audioFilePk) } },
    select: { pk: true, storageKey: true, format: true, sha256: true, normalisedPk: true, peaksPk: true },
  });
  const byPk = new Map(originals.map((o) => [o.pk, o]));
  const derivedPks = originals.flatMap((o) => [o.normalisedPk, o.peaksPk]).filter((pk): pk is string => !!pk);
  const derived = await db.storedFile.findMany({
    where: { pk: { in: derivedPks } },
    select: { pk: true, storageKey: true },
  });
  const keyOf = new Map(derived.map((d) => [d.pk, d.storageKey]));
  const keys: { seg: string; peaks: string }[] = [];
  // One at a time: the peaks of a recording kept as uploaded are made now (in the worker pool).
  for (const r of recordings) {
    const o = byPk.get(r.audioFilePk);
    const seg = o?.normalisedPk ? keyOf.get(o.normalisedPk) : undefined;
    if (!o || !seg) throw new Error(`result set ${set.id}: recording ${r.position} has no normalised segment`);
    const peaks = (o.peaksPk ? keyOf.get(o.peaksPk) : undefined) ?? (await peaksOf(db, storage, o)).storageKey;
    keys.push({ seg, peaks });
  }

  await inTempDir("combine-", async (dir) => {
    // Each peaks file is downloaded just before it is read and removed right after. The segments
    // are downloaded first (I/O, here), then copied into one stream in a pool thread, which
    // removes each once copied; their total is the size of the combined file.
    const fromStorage = (key: string, name: string): SegmentSource => ({
      open: async () => {
        const file = path.join(dir, name);
        await storage.download(key, file);
        return { path: file, release: () => fs.rm(file, { force: true }) };
      },
    });
    const audioPath = path.join(dir, "combined.ogg");
    const peaksPath = path.join(dir, "combined.dat");
    const segments: string[] = [];
    for (const [i, k] of keys.entries()) {
      const file = path.join(dir, `seg-${i}.ogg`);
      await storage.download(k.seg, file);
      segments.push(file);
    }
    const result = await combineInPool({ segments, outPath: audioPath });
    await concatPeaks(
      keys.map((k, i) => fromStorage(k.peaks, `peaks-${i}.dat`)),
      peaksPath,
    );
    const oldKeys = await withStoredFiles(
      db,
      storage,
      [
        {
          sourcePath: audioPath,
          ns: set.ns,
          kind: "audio-combined",
          contentType: "audio/ogg",
          audio: { format: "ogg-opus", sampleRate: 48000, channels: 1, durationMs: result.durationMs },
        },
        { sourcePath: peaksPath, ns: set.ns, kind: "audio-combined-peaks", contentType: "application/octet-stream" },
      ],
      async (tx, [audio, peaks]) => {
        await tx.storedFile.createMany({ data: [audio!, peaks!] });
        const current = await tx.resultSet.findUnique({
          where: { pk: setPk },
          select: { combinedFilePk: true, combinedPeaksPk: true },
        });
        if (!current) throw notFound("Result set");
        await tx.resultSet.update({
          where: { pk: setPk },
          data: { combinedFilePk: audio!.pk, combinedPeaksPk: peaks!.pk, combinedCount: count },
        });
        const oldPks = [current.combinedFilePk, current.combinedPeaksPk].filter((pk): pk is string => !!pk);
        if (oldPks.length === 0) return [];
        const old = await tx.storedFile.findMany({ where: { pk: { in: oldPks } }, select: { storageKey: true } });
        await tx.storedFile.deleteMany({ where: { pk: { in: oldPks } } });
        return old.map((o) => o.storageKey);
      },
    );
    await removeObjects(storage, oldKeys);
    log("info", "resultset.combined", {
      resultSet: set.id,
      recordings: count,
      durationMs: result.durationMs,
      ms: Math.round(performance.now() - started),
      maxJoinOffset: Math.max(0, ...result.joinOffsets.map(Math.abs)),
    });
  });
}
