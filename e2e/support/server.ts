// A private app server for tests that must kill or restart it (crash tests): its own
// port, data directory and SQLite file, in its own process group so `kill -9` takes
// `next start` down with it.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ADMIN_PASSWORD } from "./env";

export type PrivateServer = {
  url: string;
  /** The pid of the process serving HTTP (scripts/http-server.mjs), e.g. to read its memory. */
  httpPid: () => number | null;
  /** What the server wrote (stdout and stderr). */
  log: () => string;
  dataDir: string;
  kill9: () => Promise<void>;
  /** SIGTERM to the process group, as an orchestrator stops it (data kept); resolves with the exit code once it has exited. */
  terminate: () => Promise<number | null>;
  stop: () => Promise<void>;
  /** Starts it again, with these settings on top of the first start's. */
  start: (env?: Record<string, string>) => Promise<void>;
};

export async function privateServer(port: number, extraEnv: Record<string, string> = {}): Promise<PrivateServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "private-server-"));
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;

  const log = fs.openSync(path.join(dataDir, "server.log"), "a");
  const start = async (env: Record<string, string> = {}) => {
    child = spawn("node_modules/.bin/tsx", ["scripts/serve.ts"], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      detached: true,
      // Kept next to the data (LOG_LEVEL=warn unless a test asks for more) for a failing test to show.
      stdio: ["ignore", log, log],
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: `file:${path.join(dataDir, "app.db")}`,
        PUBLIC_BASE_URL: url,
        ADMIN_PASSWORD,
        LOG_LEVEL: "warn",
        ...extraEnv,
        ...env,
      },
    });
    const deadline = Date.now() + 150_000;
    for (;;) {
      try {
        if ((await fetch(`${url}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`server on ${url} did not start`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  const signalGroup = async (signal: NodeJS.Signals): Promise<number | null> => {
    if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return null;
    const exited = new Promise<number | null>((r) => child!.once("exit", (code) => r(code)));
    try {
      process.kill(-child.pid, signal);
    } catch {
      return null;
    }
    const code = await exited;
    // `next start` may outlive its parent for a moment; wait until the port is free.
    for (let i = 0; i < 100; i++) {
      try {
        await fetch(`${url}/api/health`);
        await new Promise((r) => setTimeout(r, 100));
      } catch {
        break;
      }
    }
    return code;
  };
  await start();
  return {
    url,
    httpPid: () => {
      // tsx runs serve.ts in a child process, which spawns http-server.mjs: search the descendants.
      const parents = new Map<number, number>();
      for (const pid of fs.readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
        try {
          const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
          parents.set(Number(pid), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
        } catch {
          // the process went away
        }
      }
      const descends = (pid: number): boolean => {
        for (let p = parents.get(pid); p && p > 1; p = parents.get(p)) if (p === child?.pid) return true;
        return false;
      };
      for (const pid of parents.keys()) {
        try {
          if (descends(pid) && fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("http-server.mjs")) return pid;
        } catch {
          // the process went away
        }
      }
      return null;
    },
    log: () => fs.readFileSync(path.join(dataDir, "server.log"), "utf8"),
    dataDir,
    start,
    kill9: async () => void (await signalGroup("SIGKILL")),
    terminate: () => signalGroup("SIGTERM"),
    stop: async () => {
      await signalGroup("SIGTERM");
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A request to a private server: JSON back, an Error on any non-2xx status. */
export async function serverCall<T>(
  server: PrivateServer,
  method: string,
  url: string,
  token: string | null,
  body?: BodyInit,
  type?: string,
): Promise<T> {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (type) headers["Content-Type"] = type;
  const response = await fetch(url.startsWith("http") ? url : `${server.url}/api${url}`, { method, headers, body });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} → ${response.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A token from POST /tokens (form-encoded, as clients send it). */
export async function serverToken(
  server: PrivateServer,
  fields: Record<string, string>,
  bearer?: string,
): Promise<string> {
  const form = new URLSearchParams(fields).toString();
  return (
    await serverCall<{ access_token: string }>(
      server,
      "POST",
      "/tokens",
      bearer ?? null,
      form,
      "application/x-www-form-urlencoded",
    )
  ).access_token;
}

/**
 * Tokens for a tenant with one organisation and one student on a private server, created
 * when absent (a restarted server keeps its data: then only fresh tokens are issued).
 */
export async function seedOrganisation(server: PrivateServer, tenantId: string, organisationId: string) {
  const admin = await serverToken(server, { grant_type: "password", username: "admin", password: ADMIN_PASSWORD });
  const json = (data: unknown) => JSON.stringify(data);
  const exists = async (url: string, token: string) =>
    (await fetch(`${server.url}/api${url}`, { headers: { Authorization: `Bearer ${token}` } })).ok;
  if (!(await exists(`/tenants/${tenantId}`, admin)))
    await serverCall(server, "POST", "/tenants", admin, json({ id: tenantId, name: tenantId }), "application/json");
  const tenant = await serverToken(server, { grant_type: "client_credentials", scope: `tenant/${tenantId}` }, admin);
  if (!(await exists(`/organisations/${organisationId}`, tenant))) {
    await serverCall(
      server,
      "POST",
      "/organisation",
      tenant,
      json({ id: organisationId, name: organisationId }),
      "application/json",
    );
  }
  const orgScope = `tenant/${tenantId}/organisation/${organisationId}`;
  const org = await serverToken(server, { grant_type: "client_credentials", scope: orgScope }, tenant);
  const student = await serverCall<{ id: string }>(
    server,
    "POST",
    "/users",
    org,
    json({ firstName: "Sam", infix: null, lastName: "Student", roles: ["STUDENT"] }),
    "application/json",
  );
  const asStudent = await serverToken(
    server,
    { grant_type: "client_credentials", scope: `${orgScope}/student/${student.id}` },
    org,
  );
  return { admin, tenant, org, studentId: student.id, asStudent };
}
