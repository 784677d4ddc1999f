import fs from "node:fs/promises";
import path from "node:path";
import { ApiError, conflict, notFound } from "@/lib/api/errors";
import { log } from "@/lib/api/log";
import { type Principal, requireOrganisation } from "@/lib/auth/principal";
import { config } from "@/lib/config";
import type { Db, Tx } from "@/lib/db/client";
import { newPk } from "@/lib/db/ids";
import { policyRules } from "@/lib/policies/registry";
import type { Storage } from "@/lib/storage/storage";
import { removeObjects, withStoredFiles } from "@/lib/storage/stored-files";
import { combineSegments, concatPeaks, type SegmentSource } from "./combine";
import { RECORDING_RESOURCE } from "./schemas";

// Result sets: one user's recordings of one speech challenge, in order, unique by id within
// the organisation. Appending is O(1): one atomic increment of the set's recordingCount gives
// the next position (PostgreSQL's row lock on that UPDATE orders concurrent appends; SQLite
// serialises transactions), and earlier recordings are never read. The combined audio is
// built lazily (combine.ts) when asked for and its cached file is stale
// (combinedCount !== recordingCount); a lease on the row (combiningUntil, taken by
// compare-and-set) makes sure that only one request builds it at a time.

export const combinedAudioUrl = (id: string) => `${config().apiBaseUrl}/resultsets/${encodeURIComponent(id)}/audio`;
export const combinedPeaksUrl = (id: string) => `${config().apiBaseUrl}/resultsets/${encodeURIComponent(id)}/peaks`;

type SetRow = NonNullable<Awaited<ReturnType<Db["resultSet"]["findUnique"]>>>;

/** Refuses appending to a set of another user or challenge (checked before and inside the transaction). */
/** A set may only be added to by its owner, for its own challenge. `resource` names the caller's resource in errors. */
export function checkAppendable(
  set: { id: string; userPk: string; challengePk: string | null },
  userPk: string,
  challengePk: string,
  resource: string = RECORDING_RESOURCE,
): void {
  if (set.userPk !== userPk) {
    throw new ApiError(
      "forbidden",
      `Result set ${set.id} belongs to another user: only your own result sets can be added to`,
      [{ resource, field: "resultSetId", code: "invalid", message: "belongs to another user" }],
    );
  }
  if (set.challengePk !== challengePk) {
    throw conflict(`Result set ${set.id} belongs to another speech challenge`, [
      { resource, field: "resultSetId", code: "invalid", message: "belongs to another speech challenge" },
    ]);
  }
}

/** Inside the caller's transaction: the caller's set for the challenge, created (without recordings) when unknown. */
export async function findOrCreateResultSet(
  tx: Tx,
  input: { ns: string; id: string; userPk: string; challengePk: string },
  resource: string,
): Promise<{ pk: string; id: string }> {
  const { ns, id, userPk, challengePk } = input;
  const existing = await tx.resultSet.findUnique({
    where: { ns_id: { ns, id } },
    select: { pk: true, id: true, userPk: true, challengePk: true },
  });
  if (existing) {
    checkAppendable(existing, userPk, challengePk, resource);
    return existing;
  }
  const pk = newPk();
  await tx.resultSet.create({ data: { pk, ns, id, userPk, challengePk } });
  return { pk, id };
}

/**
 * Inside the recording's transaction: finds or creates the set and takes the next position.
 * A concurrent create of the same new set makes one transaction fail with a unique violation;
 * the caller retries it, and the retry finds the set.
 */
export async function appendToResultSet(
  tx: Tx,
  input: { ns: string; id: string; userPk: string; challengePk: string; durationMs: number },
): Promise<{ pk: string; id: string; position: number }> {
  const { ns, id, userPk, challengePk, durationMs } = input;
  const bumped = await tx.resultSet.updateMany({
    where: { ns, id, userPk, challengePk },
    data: { recordingCount: { increment: 1 }, durationMs: { increment: durationMs } },
  });
  if (bumped.count === 1) {
    const row = await tx.resultSet.findUnique({
      where: { ns_id: { ns, id } },
      select: { pk: true, recordingCount: true },
    });
    return { pk: row!.pk, id, position: row!.recordingCount - 1 };
  }
  const existing = await tx.resultSet.findUnique({
    where: { ns_id: { ns, id } },
    select: { id: true, userPk: true, challengePk: true },
  });
  if (existing) checkAppendable(existing, userPk, challengePk);
  const pk = newPk();
  await tx.resultSet.create({ data: { pk, ns, id, userPk, challengePk, recordingCount: 1, durationMs } });
  return { pk, id, position: 0 };
}

/** The set for a caller of its organisation who sees it ("submission" policy; others get 404). */
export async function resultSetInScope(db: Db, caller: Principal, id: string): Promise<SetRow> {
  requireOrganisation(caller);
  const row = await db.resultSet.findFirst({
    where: { AND: [{ ns: caller.ns, id }, await policyRules.submission.read(db, caller)] },
  });
  if (!row || row.recordingCount === 0) throw notFound("Result set");
  return row;
}

// ---- the combined file ----

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
    select: { pk: true, normalisedPk: true, peaksPk: true },
  });
  const byPk = new Map(originals.map((o) => [o.pk, o]));
  const derivedPks = originals.flatMap((o) => [o.normalisedPk, o.peaksPk]).filter((pk): pk is string => !!pk);
  const derived = await db.storedFile.findMany({
    where: { pk: { in: derivedPks } },
    select: { pk: true, storageKey: true },
  });
  const keyOf = new Map(derived.map((d) => [d.pk, d.storageKey]));
  const keys = recordings.map((r) => {
    const o = byPk.get(r.audioFilePk);
    const seg = o?.normalisedPk ? keyOf.get(o.normalisedPk) : undefined;
    const peaks = o?.peaksPk ? keyOf.get(o.peaksPk) : undefined;
    if (!seg || !peaks)
      throw new Error(`result set ${set.id}: recording ${r.position} has no normalised segment or peaks`);
    return { seg, peaks };
  });

  const tmpRoot = path.join(config().dataDir, "tmp");
  await fs.mkdir(tmpRoot, { recursive: true });
  const dir = await fs.mkdtemp(path.join(tmpRoot, "combine-"));
  try {
    // Each segment is downloaded just before it is read and removed right after.
    const fromStorage = (key: string, name: string): SegmentSource => ({
      open: async () => {
        const file = path.join(dir, name);
        await storage.download(key, file);
        return { path: file, release: () => fs.rm(file, { force: true }) };
      },
    });
    const audioPath = path.join(dir, "combined.ogg");
    const peaksPath = path.join(dir, "combined.dat");
    const result = await combineSegments(
      keys.map((k, i) => fromStorage(k.seg, `seg-${i}.ogg`)),
      audioPath,
    );
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
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
