// What the latency bench needs on a running server, made through the public REST API as an app
// would: its own tenant, organisation, students and a prepared choice challenge; and, with
// BENCH_START=1, a server of its own on a temp DATA_DIR.
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/** A request to the API: JSON back, an Error on any non-2xx status. */
export async function api<T>(
  base: string,
  method: string,
  url: string,
  token: string | null,
  body?: BodyInit,
  type?: string,
): Promise<T> {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (type) headers["Content-Type"] = type;
  const response = await fetch(`${base}/api${url}`, { method, headers, body });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} → ${response.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** An access token from POST /api/tokens (form-encoded, as the SDK sends it). */
export async function token(base: string, fields: Record<string, string>, bearer?: string): Promise<string> {
  const form = new URLSearchParams(fields).toString();
  return (
    await api<{ access_token: string }>(
      base,
      "POST",
      "/tokens",
      bearer ?? null,
      form,
      "application/x-www-form-urlencoded",
    )
  ).access_token;
}

export type Seeded = {
  admin: string;
  org: string;
  orgId: string;
  students: string[];
  challengeId: string;
  prepareMs: number;
};

/**
 * A fresh tenant and organisation, `students` students (one token each) and a choice challenge
 * with a reference recording per choice, polled until it is prepared.
 */
export async function seed(
  base: string,
  adminPassword: string,
  students: number,
  challenge: { language: string; choices: { text: string; wav: Buffer }[] },
): Promise<Seeded> {
  const json = (data: unknown) => JSON.stringify(data);
  const tag = randomUUID().slice(0, 8);
  const tenantId = `bench-latency-${tag}`;
  const orgId = `bench-org-${tag}`;
  const admin = await token(base, { grant_type: "password", username: "admin", password: adminPassword });
  await api(base, "POST", "/tenants", admin, json({ id: tenantId, name: tenantId }), "application/json");
  const tenant = await token(base, { grant_type: "client_credentials", scope: `tenant/${tenantId}` }, admin);
  await api(base, "POST", "/organisations", tenant, json({ id: orgId, name: orgId }), "application/json");
  const scope = `tenant/${tenantId}/organisation/${orgId}`;
  const org = await token(base, { grant_type: "client_credentials", scope }, tenant);
  const studentTokens: string[] = [];
  for (let i = 0; i < students; i++) {
    const id = `bench-student-${tag}-${i + 1}`;
    await api(
      base,
      "POST",
      "/users",
      org,
      json({ id, firstName: "Bench", infix: null, lastName: `Student ${i + 1}`, roles: ["STUDENT"] }),
      "application/json",
    );
    studentTokens.push(await token(base, { grant_type: "client_credentials", scope: `${scope}/student/${id}` }, org));
  }
  const form = new FormData();
  form.append("language", challenge.language);
  for (const c of challenge.choices) form.append("choices", c.text);
  challenge.choices.forEach((c, i) =>
    form.append("audio", new Blob([new Uint8Array(c.wav)], { type: "audio/wav" }), `choice-${i + 1}.wav`),
  );
  const t0 = performance.now();
  const created = await api<{ id: string }>(base, "POST", "/challenges/choice", org, form);
  for (const deadline = Date.now() + 180_000; ; ) {
    const c = await api<{ status: string }>(base, "GET", `/challenges/choice/${created.id}`, org);
    if (c.status === "prepared") break;
    if (Date.now() > deadline) throw new Error(`challenge ${created.id} is still ${c.status} after 3 minutes`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return { admin, org, orgId, students: studentTokens, challengeId: created.id, prepareMs: performance.now() - t0 };
}

/** The server's engine time so far (Prometheus histogram recognition_engine_seconds, per engine) and choice audio seconds. */
export async function engineMetrics(
  base: string,
  admin: string,
): Promise<{
  engines: Map<string, { sum: number; count: number }>;
  audio: number;
  db: Map<string, number>;
  early: Map<string, number>;
}> {
  const response = await fetch(`${base}/api/metrics`, { headers: { Authorization: `Bearer ${admin}` } });
  const engines = new Map<string, { sum: number; count: number }>();
  const db = new Map<string, number>();
  const early = new Map<string, number>();
  if (!response.ok) return { engines, audio: Number.NaN, db, early };
  const text = await response.text();
  for (const m of text.matchAll(/^recognition_engine_seconds_(sum|count)\{engine="([^"]*)"\} (\S+)$/gm)) {
    const e = engines.get(m[2]!) ?? { sum: 0, count: 0 };
    e[m[1] as "sum" | "count"] = Number(m[3]);
    engines.set(m[2]!, e);
  }
  // Database queries by model and operation (count), for queries per answer.
  for (const m of text.matchAll(/^db_query_duration_seconds_count\{([^}]*)\} (\S+)$/gm)) db.set(m[1]!, Number(m[2]));
  // Answers judged before their last chunk, by whether the verdict was used (early-choice.ts).
  for (const m of text.matchAll(/^recognition_early_judgements_total\{outcome="([^"]*)"\} (\S+)$/gm))
    early.set(m[1]!, Number(m[2]));
  const audio = /^recognition_audio_seconds_total\{kind="choice"\} (\S+)$/m.exec(text);
  return { engines, audio: audio ? Number(audio[1]) : 0, db, early };
}

export type Started = { url: string; adminPassword: string; stop: () => Promise<void> };

/** Starts `tsx scripts/serve.ts` (the built app) on `port` with a temp DATA_DIR and waits for /api/health. */
export async function startServer(port: number): Promise<Started> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "latency-bench-"));
  const adminPassword = `bench-${randomUUID()}`;
  const url = `http://127.0.0.1:${port}`;
  const log = await fs.open(path.join(dataDir, "server.log"), "a");
  const child: ChildProcess = spawn("node_modules/.bin/tsx", ["scripts/serve.ts"], {
    cwd: root,
    detached: true, // its own process group, so that stopping it takes the HTTP server child along
    stdio: ["ignore", log.fd, log.fd],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: `file:${path.join(dataDir, "app.db")}`,
      PUBLIC_BASE_URL: url,
      ADMIN_PASSWORD: adminPassword,
      LOG_LEVEL: "warn",
    },
  });
  const stop = async () => {
    if (child.pid && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      process.kill(-child.pid, "SIGTERM");
      await exited;
    }
    await log.close();
    // BENCH_KEEP_LOG=<file>: the server's log is copied there before its data directory goes.
    if (process.env.BENCH_KEEP_LOG) await fs.copyFile(path.join(dataDir, "server.log"), process.env.BENCH_KEEP_LOG);
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  for (const deadline = Date.now() + 150_000; ; ) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, adminPassword, stop };
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      const why = await fs.readFile(path.join(dataDir, "server.log"), "utf8").catch(() => "");
      await stop();
      throw new Error(`the server on ${url} did not start:\n${why.slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}
