// npm run backup / npm run restore on the embedded default (SQLite + files): a backup taken
// while uploads run, restored into a fresh data directory, holds every upload acknowledged
// before it began, byte for byte (SHA-256); uploads that raced it are either absent or intact.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { authed, expectJson, member, uniqueId } from "../support/api";
import { prepareTestAudio, testAudio, uniqueWav, wavPart } from "../support/audio";
import { expect, test } from "../support/fixtures";
import { postMultipart } from "../support/multipart";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");

prepareTestAudio();

test("a backup during uploads restores every acknowledged upload with the same SHA-256", async ({ request, world }) => {
  test.skip(test.info().project.name !== "api-sqlite", "backup/restore is for the embedded SQLite default");
  test.setTimeout(240_000);
  const serverDir = path.join(process.env.TEST_DATA_ROOT!, "sqlite");
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "backup-spec-"));
  try {
    const student = await member(request, world, "STUDENT");
    const challenge = uniqueId("speech");
    await expectJson(
      await postMultipart(
        request,
        "/api/challenges/speech",
        { id: challenge, language: "eng", topic: "Backups" },
        authed(world.orgToken),
      ),
      201,
    );
    const { wav } = await testAudio();
    const upload = async () => {
      const bytes = uniqueWav(wav);
      const id = uniqueId("rec");
      const response = await postMultipart(
        request,
        `/api/challenges/speech/${challenge}/recordings`,
        { id, audio: wavPart(bytes), resultSetId: uniqueId("set") },
        authed(student.token),
      );
      return { id, sha256: sha256(bytes), status: response.status() };
    };

    const acknowledged = [];
    for (let i = 0; i < 3; i++) acknowledged.push(await upload());
    expect(acknowledged.map((u) => u.status)).toEqual([201, 201, 201]);

    // The backup runs while more uploads are on their way.
    const backupDir = path.join(tmp, "backup");
    const env = { ...process.env, DATA_DIR: serverDir, DATABASE_URL: `file:${path.join(serverDir, "app.db")}` };
    const racing = Promise.all([upload(), upload(), upload(), upload()]);
    const backupRun = run(path.join(root, "node_modules/.bin/tsx"), ["scripts/backup.ts", backupDir], {
      cwd: root,
      env,
    });
    const [raced, backedUp] = await Promise.all([racing, backupRun]);
    expect(backedUp.stdout).toContain("Backed up the database");
    expect(raced.every((u) => u.status === 201)).toBe(true);

    // Restore into a fresh data directory.
    const fresh = path.join(tmp, "fresh");
    const freshEnv = { ...process.env, DATA_DIR: fresh, DATABASE_URL: `file:${path.join(fresh, "app.db")}` };
    const restored = await run(path.join(root, "node_modules/.bin/tsx"), ["scripts/restore.ts", backupDir], {
      cwd: root,
      env: freshEnv,
    });
    expect(restored.stdout).toContain("Restored the backup");
    // A second restore onto it is refused without --force.
    await expect(
      run(path.join(root, "node_modules/.bin/tsx"), ["scripts/restore.ts", backupDir], { cwd: root, env: freshEnv }),
    ).rejects.toThrow(/--force/);

    const db = new Database(path.join(fresh, "app.db"), { readonly: true });
    try {
      const find = db.prepare(
        `SELECT f."storageKey" AS key, f."sha256" AS sha256 FROM "SpeechRecording" r JOIN "StoredFile" f ON f.pk = r."audioFilePk" WHERE r.id = ?`,
      );
      for (const u of acknowledged) {
        const row = find.get(u.id) as { key: string; sha256: string } | undefined;
        expect(row, `acknowledged upload ${u.id} is in the restored database`).toBeDefined();
        expect(row!.sha256).toBe(u.sha256);
        expect(sha256(fs.readFileSync(path.join(fresh, row!.key)))).toBe(u.sha256);
      }
      for (const u of raced) {
        const row = find.get(u.id) as { key: string; sha256: string } | undefined;
        if (row) expect(sha256(fs.readFileSync(path.join(fresh, row.key)))).toBe(u.sha256);
      }
    } finally {
      db.close();
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});
