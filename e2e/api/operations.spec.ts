// The API as a product: its OpenAPI document, the probes and the Prometheus metrics.
import { Validator } from "@seriousme/openapi-schema-validator";
import { authed, createUser, expectJson, member, uniqueId } from "../support/api";
import { prepareTestAudio, testAudio, uniqueWav, wavPart } from "../support/audio";
import { expect, test } from "../support/fixtures";
import { postMultipart } from "../support/multipart";

prepareTestAudio();

test("GET /api/openapi.json is a valid OpenAPI 3.1 document of this server", async ({ request, baseURL }) => {
  const response = await request.get("/api/openapi.json");
  expect(response.status()).toBe(200);
  const doc = await response.json();
  expect(doc.openapi).toBe("3.1.0");
  expect(doc.servers[0].url).toBe(`${baseURL}/api`);
  const validator = new Validator();
  const result = await validator.validate(doc);
  expect(result.errors ?? []).toEqual([]);
  expect(result.valid).toBe(true);
});

test("liveness answers without I/O; readiness checks database, storage and migrations", async ({ request }) => {
  const live = await request.get("/api/health/live");
  expect(live.status()).toBe(200);
  expect(await live.json()).toEqual({ status: "ok" });
  const ready = await request.get("/api/health/ready");
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toMatchObject({
    status: "ok",
    database: { ok: true },
    storage: { ok: true },
    migrations: { ok: true, kind: "prisma" },
    draining: false,
  });
  // GET /api/health stays as it was.
  expect(await (await request.get("/api/health")).json()).not.toHaveProperty("migrations");
});

function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const lines = text.split("\n").filter((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `));
  let total = 0;
  for (const line of lines) {
    const ok = Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`));
    if (ok) total += Number(line.slice(line.lastIndexOf(" ") + 1));
  }
  return total;
}

test("metrics: refused without rights, scraped by a top-level admin after traffic", async ({
  request,
  admin,
  world,
}) => {
  expect((await request.get("/api/metrics")).status()).toBe(401);
  expect((await request.get("/api/metrics", { headers: { Authorization: "Bearer not-a-token" } })).status()).toBe(401);
  // A tenant (even one acting as itself) and an organisation's teacher are not top-level admins.
  expect((await request.get("/api/metrics", { headers: authed(world.tenantToken) })).status()).toBe(403);
  const teacher = await member(request, world, "TEACHER");
  expect((await request.get("/api/metrics", { headers: authed(teacher.token) })).status()).toBe(403);

  // Traffic: a user read by id (a route template, not the id), a refused sign-in, an upload.
  const user = await createUser(request, world.orgToken, { roles: ["STUDENT"] });
  expect((await request.get(`/api/users/${user.id}`, { headers: authed(world.orgToken) })).status()).toBe(200);
  expect(
    (
      await request.post("/api/tokens", {
        form: { grant_type: "password", username: uniqueId("nobody"), password: "wrong-password" },
      })
    ).status(),
  ).toBe(400);
  const student = await member(request, world, "STUDENT");
  const challenge = uniqueId("speech");
  await expectJson(
    await postMultipart(
      request,
      "/api/challenges/speech",
      { id: challenge, language: "eng", topic: "Metrics" },
      authed(world.orgToken),
    ),
    201,
  );
  const wav = uniqueWav((await testAudio()).wav);
  await expectJson(
    await postMultipart(
      request,
      `/api/challenges/speech/${challenge}/recordings`,
      { audio: wavPart(wav), resultSetId: uniqueId("set") },
      authed(student.token),
    ),
    201,
  );

  const response = await request.get("/api/metrics", { headers: authed(admin) });
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/plain");
  const text = await response.text();
  expect(
    sample(text, "http_requests_total", { route: "/users/{userId}", method: "GET", status: "200" }),
  ).toBeGreaterThanOrEqual(1);
  expect(text).not.toContain(`/users/${user.id}`);
  expect(
    sample(text, "http_request_duration_seconds_count", { route: "/users/{userId}", method: "GET" }),
  ).toBeGreaterThanOrEqual(1);
  expect(sample(text, "http_requests_total", { route: "/metrics", status: "401" })).toBeGreaterThanOrEqual(2);
  expect(sample(text, "tokens_issued_total", { grant: "password" })).toBeGreaterThanOrEqual(1);
  expect(sample(text, "token_refusals_total", { grant: "password", reason: "invalid_grant" })).toBeGreaterThanOrEqual(
    1,
  );
  expect(sample(text, "upload_bytes_total")).toBeGreaterThanOrEqual(wav.length);
  expect(sample(text, "audio_ingest_seconds_count")).toBeGreaterThanOrEqual(1);
  expect(sample(text, "db_query_duration_seconds_count")).toBeGreaterThan(0);
  expect(text).toMatch(/^job_queue_depth\{status="queued"\} \d+/m);
  expect(text).toMatch(/^job_oldest_age_seconds \d/m);
  // No secrets in labels.
  expect(text).not.toContain(admin);
  expect(text).not.toContain(world.orgToken);
});
