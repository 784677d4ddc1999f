// Two app instances on one PostgreSQL database and one S3 bucket (s3rver), as the README
// promises ("they keep no state of their own"): tokens, result sets, background jobs and
// annotation versions work across them. Runs in the api-postgres project only (it needs the
// test PostgreSQL server; its own database is created here and dropped afterwards).

import { randomBytes } from "node:crypto";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import { type APIRequestContext, expect, request as playwrightRequest, test } from "@playwright/test";
import pg from "pg";
import { S3RVER_CREDENTIALS, startS3rver } from "../../lib/storage/test-support";
import {
  type Annotation,
  assign,
  createAnnotation,
  putAnnotation,
  readAnnotation,
  setup,
  words,
} from "../support/annotations";
import { adminToken, authed, createOrganisation, createTenant, expectJson, impersonate, member } from "../support/api";
import { testAudio, uniqueWav, wavPart } from "../support/audio";
import { PORTS } from "../support/env";
import type { World } from "../support/fixtures";
import { postMultipart } from "../support/multipart";
import { type PrivateServer, privateServer } from "../support/server";

test.describe.configure({ mode: "serial", timeout: 120_000 });

const BUCKET = "two-instances";
const pgUrl = process.env.TEST_PG_URL;
let adminDb: pg.Client;
let dbName: string;
let db: pg.Client;
let s3: Awaited<ReturnType<typeof startS3rver>>;
let a: PrivateServer;
let b: PrivateServer;
let onA: APIRequestContext;
let onB: APIRequestContext;

test.beforeAll(async () => {
  test.skip(!pgUrl, "needs the test PostgreSQL server (TEST_PG_URL)");
  test.setTimeout(240_000); // two fresh servers start slowly while the rest of the suite runs
  dbName = `two_instances_${randomBytes(4).toString("hex")}`;
  adminDb = new pg.Client({ connectionString: pgUrl });
  await adminDb.connect();
  await adminDb.query(`CREATE DATABASE ${dbName}`);
  const url = new URL(pgUrl!);
  url.pathname = `/${dbName}`;
  db = new pg.Client({ connectionString: url.toString() });

  s3 = await startS3rver();
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
  });
  await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
  const shared = {
    DATABASE_URL: url.toString(),
    STORAGE: "s3",
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: s3.endpoint,
    S3_FORCE_PATH_STYLE: "true",
    S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    // Both look for jobs often, so both compete for every job.
    JOB_POLL_MS: "50",
    // The request lines, job runs and combined-audio builds are counted in the logs.
    LOG_LEVEL: "info",
  };
  // Both at once on a fresh database: their `prisma migrate deploy` queue on one advisory lock,
  // and the one that waits too long retries (scripts/serve.ts) instead of failing to start.
  [a, b] = await Promise.all([privateServer(PORTS.postgres + 7, shared), privateServer(PORTS.postgres + 8, shared)]);
  await db.connect();
  onA = await playwrightRequest.newContext({ baseURL: a.url });
  onB = await playwrightRequest.newContext({ baseURL: b.url });
  await testAudio();
});

test.afterAll(async () => {
  for (const s of [a, b])
    if (s && /"level":"error"/.test(s.log())) console.error(`--- server log (${s.url}) ---\n${s.log()}`);
  await onA?.dispose();
  await onB?.dispose();
  await Promise.all([a?.stop(), b?.stop()]);
  await s3?.stop();
  await db?.end();
  if (adminDb) {
    await adminDb.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await adminDb.end();
  }
});

/** The JSON lines both instances logged with this event name. */
const logged = (event: string) =>
  [a, b].flatMap((s) =>
    s
      .log()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.event === event),
  );

async function world(on: APIRequestContext): Promise<World> {
  const admin = await adminToken(on);
  const tenant = await createTenant(on, admin);
  const tenantToken = await impersonate(on, admin, `tenant/${tenant.id}`);
  const org = await createOrganisation(on, tenantToken);
  return {
    tenantId: tenant.id,
    orgId: org.id,
    tenantToken,
    orgToken: await impersonate(on, tenantToken, `tenant/${tenant.id}/organisation/${org.id}`),
  };
}

test("a token issued by one instance works on the other; revoked on one, it stops on both (at once there, within 1 s on the other)", async () => {
  const signIn = await adminToken(onA);
  const tenant = await createTenant(onA, signIn);
  const status = async (on: APIRequestContext, token: string) =>
    (await on.get(`/api/tenants/${tenant.id}`, { headers: authed(token) })).status();
  // Derived on B from A's sign-in: one family across instances.
  const derived = await impersonate(onB, signIn, `tenant/${tenant.id}`);
  for (const on of [onA, onB]) for (const token of [signIn, derived]) expect(await status(on, token)).toBe(200);

  // Both instances have just resolved both tokens (and may hold them in memory).
  const revoked = await onA.post("/api/tokens/revoke", { headers: authed(signIn) });
  expect(revoked.status()).toBe(200);
  const revokedAt = Date.now();
  expect(await status(onA, signIn)).toBe(401);
  expect(await status(onA, derived)).toBe(401);

  // On B: refused within a second of the revocation, and from then on.
  for (const token of [signIn, derived]) {
    for (;;) {
      const s = await status(onB, token);
      if (s === 401) break;
      expect(s).toBe(200);
      expect(Date.now() - revokedAt, "B still accepts a token revoked on A").toBeLessThan(1000);
    }
  }
  expect(Date.now() - revokedAt).toBeLessThan(1000);
  for (const on of [onA, onB]) for (const token of [signIn, derived]) expect(await status(on, token)).toBe(401);

  // And the other way round: issued and revoked on B, refused on A within a second.
  const again = await adminToken(onB);
  expect(await status(onA, again)).toBe(200);
  expect((await onB.post("/api/tokens/revoke", { headers: authed(again) })).status()).toBe(200);
  const againAt = Date.now();
  await expect.poll(() => status(onA, again), { timeout: 1000, intervals: [50] }).toBe(401);
  expect(Date.now() - againAt).toBeLessThan(1000);
});

test("both instances append to one result set at once: positions 0..n-1 without gaps, the combined audio built once", async () => {
  const w = await world(onA);
  const challenge = `sc-${randomBytes(4).toString("hex")}`;
  await expectJson(
    await postMultipart(onA, "/api/challenges/speech", { id: challenge, language: "eng" }, authed(w.orgToken)),
    201,
  );
  const student = await member(onA, w, "STUDENT");
  const setId = `rs-${randomBytes(4).toString("hex")}`;
  const { wav } = await testAudio();
  const n = 12;
  const created = await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const on = i % 2 ? onB : onA;
      const response = await postMultipart(
        on,
        `/api/challenges/speech/${challenge}/recordings`,
        { id: `${setId}-${i}`, resultSetId: setId, audio: wavPart(uniqueWav(wav)) },
        authed(student.token),
      );
      return expectJson<{ id: string; resultSet: { id: string } }>(response, 201);
    }),
  );
  expect(new Set(created.map((r) => r.resultSet.id))).toEqual(new Set([setId]));

  const set = await db.query<{ pk: string; recordingCount: number }>(
    `SELECT pk, "recordingCount" FROM "ResultSet" WHERE id = $1`,
    [setId],
  );
  expect(set.rows).toHaveLength(1);
  expect(set.rows[0].recordingCount).toBe(n);
  const positions = await db.query<{ position: number; id: string }>(
    `SELECT position, id FROM "SpeechRecording" WHERE "resultSetPk" = $1 ORDER BY position`,
    [set.rows[0].pk],
  );
  expect(positions.rows.map((r) => r.position)).toEqual(Array.from({ length: n }, (_, i) => i));
  expect(positions.rows.map((r) => r.id).sort()).toEqual(created.map((r) => r.id).sort());

  // Both instances asked for the stale combined audio at once, three times each: one build, one file.
  const builtBefore = logged("resultset.combined").filter((l) => l.resultSet === setId).length;
  expect(builtBefore).toBe(0);
  const url = `/api/resultsets/${setId}/audio`;
  const answers = await Promise.all(
    [onA, onB, onA, onB, onA, onB].map((on) => on.get(url, { headers: authed(student.token) })),
  );
  const bodies = await Promise.all(
    answers.map(async (r) => {
      expect(r.status(), await r.text()).toBe(200);
      return r.body();
    }),
  );
  for (const body of bodies) expect(body.equals(bodies[0])).toBe(true);
  expect(new Set(answers.map((r) => r.headers().etag)).size).toBe(1);
  const builds = logged("resultset.combined").filter((l) => l.resultSet === setId);
  expect(builds).toHaveLength(1);
  expect(builds[0].recordings).toBe(n);
  const files = await db.query(`SELECT pk FROM "StoredFile" WHERE kind = 'audio-combined'`);
  expect(files.rowCount).toBe(1);
});

test("a choice challenge's preparation job runs exactly once, though both instances look for jobs", async () => {
  const w = await world(onB);
  const { wav, ogg } = await testAudio();
  const created = await expectJson<{ id: string }>(
    await postMultipart(
      onA,
      "/api/challenges/choice",
      {
        choices: ["Yes", "No"],
        language: "eng",
        audio: [wavPart(wav), { buffer: ogg, name: "no.opus", mimeType: "audio/ogg" }],
      },
      authed(w.orgToken),
    ),
    202,
  );
  await expect
    .poll(
      async () =>
        (
          await expectJson<{ status: string }>(
            await onB.get(`/api/challenges/choice/${created.id}`, { headers: authed(w.orgToken) }),
            200,
          )
        ).status,
      { timeout: 60_000, intervals: [100, 200, 500] },
    )
    .toBe("prepared");
  // Neither instance starts it again afterwards.
  await new Promise((r) => setTimeout(r, 500));
  const challenge = await db.query<{ pk: string }>(`SELECT pk FROM "ChoiceChallenge" WHERE id = $1`, [created.id]);
  const jobs = await db.query<{ status: string; attempts: number }>(
    `SELECT status, attempts FROM "Job" WHERE "targetPk" = $1`,
    [challenge.rows[0].pk],
  );
  expect(jobs.rows).toEqual([{ status: "done", attempts: 1 }]);
  const runs = logged("job").filter((l) => l.target === challenge.rows[0].pk);
  expect(runs.map((l) => l.status)).toEqual(["done"]);
  const preparation = await expectJson<{ status: string; attempts: number }>(
    await onA.get(`/api/challenges/choice/${created.id}/preparation`, { headers: authed(w.orgToken) }),
    200,
  );
  expect(preparation).toMatchObject({ status: "prepared", attempts: 1 });
});

test("an annotation saved on one instance: a save with its stale If-Match is refused on the other", async () => {
  const w = await world(onA);
  const s = await setup(onA, w, 1);
  const assignment = await assign(onA, s);
  const first = await createAnnotation(onA, s.base.token, {
    assignment: assignment.id,
    recording: s.refs[0],
    fragments: words(["one"]),
  });
  const v1 = (await readAnnotation(onB, s.full.token, first.id!)).etag;

  const saved = await putAnnotation(onA, s.base.token, first.id!, { fragments: words(["one", "two"]) }, v1);
  const v2 = saved.headers().etag;
  expect((await expectJson<Annotation>(saved, 200)).version).toBe(2);
  expect(v2).not.toBe(v1);

  const stale = await putAnnotation(onB, s.full.token, first.id!, { fragments: words(["lost"]) }, v1);
  expect(stale.status(), await stale.text()).toBe(409);
  const body = (await stale.json()) as { current: Annotation };
  expect(body.current.version).toBe(2);
  expect(stale.headers().etag).toBe(v2);
  const now = await readAnnotation(onB, s.full.token, first.id!);
  expect(now.etag).toBe(v2);
  expect(now.body.fragments.flatMap((f) => f.labels.map((l) => l.label))).not.toContain("lost");

  // The current ETag is accepted on B.
  expect((await putAnnotation(onB, s.full.token, first.id!, { fragments: words(["three"]) }, v2)).status()).toBe(200);
});

test("a spectrogram tile made by one instance (into the S3 bucket) is served by the other without making it again", async () => {
  const w = await world(onA);
  const challenge = `sc-${randomBytes(4).toString("hex")}`;
  await expectJson(
    await postMultipart(onA, "/api/challenges/speech", { id: challenge, language: "eng" }, authed(w.orgToken)),
    201,
  );
  const student = await member(onA, w, "STUDENT");
  const { wav } = await testAudio();
  const created = await expectJson<{ audioUrl: string }>(
    await postMultipart(
      onA,
      `/api/challenges/speech/${challenge}/recordings`,
      {
        id: `rec-${randomBytes(4).toString("hex")}`,
        resultSetId: `rs-${randomBytes(4).toString("hex")}`,
        audio: wavPart(uniqueWav(wav)),
      },
      authed(student.token),
    ),
    201,
  );
  const path = `${new URL(created.audioUrl).pathname}/spectrogram?tile=0`;
  const made = () => logged("spectrogram.tile_made").filter((l) => String(l.key).endsWith("spectrogram-v1-0")).length;
  const before = made();
  const onB1 = await onB.get(path, { headers: authed(w.orgToken) });
  expect(onB1.status()).toBe(200);
  expect(made()).toBe(before + 1);
  const onA1 = await onA.get(path, { headers: authed(w.orgToken) });
  expect(onA1.status()).toBe(200);
  expect((await onA1.body()).equals(await onB1.body())).toBe(true);
  expect(onA1.headers().etag).toBe(onB1.headers().etag);
  expect(made()).toBe(before + 1);
});
