import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import type { Db } from "@/lib/db/client";
import { isForeignKeyViolation, isUniqueViolation, newPk } from "@/lib/db/ids";
import { createTestDb } from "@/lib/db/test-db";
import { audioFilePks, deleteFileRows } from "@/lib/media/file-rows";
import type { StoredFileData } from "@/lib/storage/stored-files";
import { insertRecording } from "./insert-recording";

// insertRecording's raw inserts (files, result set, recording) on a real SQLite file: rows read
// back through Prisma as if Prisma had written them, in the very format Prisma writes (so that
// reads through the driver, e.g. the progress cells, compare dates alike), positions in order,
// and a taken id reported as the unique violation the API answers with 409.

let db: Db;
let close: () => Promise<void>;
let file: string;
const ns = "o:org";
const user = { pk: newPk(), other: newPk() };
const challenge = { pk: newPk(), srtFilePk: null };

test.beforeEach(async () => {
  ({ db, close } = await createTestDb());
  [{ file }] = await db.$queryRawUnsafe<{ file: string }[]>(
    "SELECT file FROM pragma_database_list WHERE name = 'main'",
  );
  for (const [pk, id] of [
    [user.pk, "student"],
    [user.other, "other"],
  ])
    await db.user.create({ data: { pk, ns, id, level: "user", firstName: "A", lastName: "B" } });
  await db.speechChallenge.create({ data: { pk: challenge.pk, ns, id: "c1", language: "eng" } });
});
test.afterEach(async () => close());

const files = (tag: string): StoredFileData[] =>
  ["audio-original", "audio-normalised", "audio-peaks"].map((kind, i) => ({
    pk: newPk(),
    ns,
    kind,
    contentType: i === 2 ? "application/octet-stream" : "audio/ogg",
    size: BigInt(1000 + i),
    sha256: "ab".repeat(32),
    storageKey: `files/${tag}-${i}`,
    format: i === 2 ? null : "ogg-opus",
    sampleRate: i === 2 ? null : 48000,
    channels: i === 2 ? null : 1,
    durationMs: i === 2 ? null : 3000,
  }));

const answer = (
  tag: string,
  input: { id?: string; resultSetId?: string; userPk?: string; challengePk?: string } = {},
) =>
  db.$transaction((tx) =>
    insertRecording(tx, files(tag), {
      ns,
      id: input.id,
      resultSetId: input.resultSetId ?? "set-1",
      userPk: input.userPk ?? user.pk,
      challenge: { ...challenge, pk: input.challengePk ?? challenge.pk },
      durationMs: 3000,
    }),
  );

test("rows read back through Prisma, dates stored as Prisma stores them, positions in order", async () => {
  const first = await answer("a", { id: "r1" });
  const second = await answer("b");
  expect([first.resultSet.position, second.resultSet.position]).toEqual([0, 1]);

  const set = await db.resultSet.findUniqueOrThrow({ where: { ns_id: { ns, id: "set-1" } } });
  expect(set).toMatchObject({ userPk: user.pk, challengePk: challenge.pk, recordingCount: 2, durationMs: 6000 });
  expect(set.updated.getTime()).toBeGreaterThanOrEqual(set.created.getTime());

  const stored = await db.speechRecording.findUniqueOrThrow({ where: { ns_id: { ns, id: "r1" } } });
  expect(stored).toEqual(first.recording);
  const original = await db.storedFile.findUniqueOrThrow({ where: { pk: stored.audioFilePk } });
  expect(original).toMatchObject({ kind: "audio-original", size: 1000n, durationMs: 3000 });
  expect(await db.storedFile.count({ where: { pk: { in: [original.normalisedPk!, original.peaksPk!] } } })).toBe(2);

  // A row Prisma writes itself, for the format of its dates.
  await db.resultSet.create({ data: { pk: newPk(), ns, id: "by-prisma", userPk: user.pk, challengePk: challenge.pk } });
  const sqlite = new Database(file, { readonly: true });
  try {
    const texts = sqlite
      .prepare(
        `SELECT "created", "updated" FROM "ResultSet" UNION ALL SELECT "created", "updated" FROM "SpeechRecording"`,
      )
      .all() as { created: string; updated: string }[];
    const [byPrisma] = sqlite.prepare(`SELECT "created" FROM "ResultSet" WHERE "id" = 'by-prisma'`).all() as {
      created: string;
    }[];
    const format = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/;
    expect(byPrisma!.created).toMatch(format);
    for (const row of texts)
      expect([row.created, row.updated]).toEqual([expect.stringMatching(format), expect.stringMatching(format)]);
  } finally {
    sqlite.close();
  }
});

test("another user's set is refused and nothing of the answer stays; a taken id and a gone challenge are reported as such", async () => {
  await answer("a", { id: "r1" });
  await expect(answer("b", { userPk: user.other })).rejects.toMatchObject({ code: "forbidden" });
  const taken = await answer("c", { id: "r1", resultSetId: "set-2" }).catch((e: unknown) => e);
  expect([isUniqueViolation(taken), isForeignKeyViolation(taken)]).toEqual([true, false]);
  // The challenge deleted while the answer was being stored (createRecording answers 404).
  const gone = await answer("d", { resultSetId: "set-3", challengePk: newPk() }).catch((e: unknown) => e);
  expect([isUniqueViolation(gone), isForeignKeyViolation(gone)]).toEqual([false, true]);
  expect(await db.speechRecording.count()).toBe(1);
  expect(await db.storedFile.count()).toBe(3);
  expect(await db.resultSet.findMany({ select: { id: true, recordingCount: true } })).toEqual([
    { id: "set-1", recordingCount: 1 },
  ]);
});

test("an upload that is its own normalised segment: two rows, the original naming itself; removed once", async () => {
  const [original, , peaks] = files("own");
  const { recording } = await db.$transaction((tx) =>
    insertRecording(tx, [original!, peaks!], {
      ns,
      resultSetId: "set-own",
      userPk: user.pk,
      challenge,
      durationMs: 3000,
    }),
  );
  const row = await db.storedFile.findUniqueOrThrow({ where: { pk: recording.audioFilePk } });
  expect(row).toMatchObject({ pk: original!.pk, normalisedPk: original!.pk, peaksPk: peaks!.pk });
  expect(await db.storedFile.count()).toBe(2);
  const keys = await db.$transaction(async (tx) => {
    await tx.speechRecording.delete({ where: { pk: recording.pk } });
    const pks = await audioFilePks(tx, [row.pk]);
    expect(pks.sort()).toEqual([original!.pk, peaks!.pk].sort());
    return deleteFileRows(tx, pks);
  });
  expect(keys.sort()).toEqual([original!.storageKey, peaks!.storageKey].sort());
  expect(await db.storedFile.count()).toBe(0);
});

test("an upload kept as uploaded, its peaks not made yet: one row, naming itself, no peaks; removed once", async () => {
  const [original] = files("kept");
  const { recording } = await db.$transaction((tx) =>
    insertRecording(tx, [original!], { ns, resultSetId: "set-kept", userPk: user.pk, challenge, durationMs: 3000 }),
  );
  const row = await db.storedFile.findUniqueOrThrow({ where: { pk: recording.audioFilePk } });
  expect(row).toMatchObject({ pk: original!.pk, normalisedPk: original!.pk, peaksPk: null });
  expect(await db.storedFile.count()).toBe(1);
  const keys = await db.$transaction(async (tx) => {
    await tx.speechRecording.delete({ where: { pk: recording.pk } });
    return deleteFileRows(tx, await audioFilePks(tx, [row.pk]));
  });
  expect(keys).toEqual([original!.storageKey]);
  expect(await db.storedFile.count()).toBe(0);
});
