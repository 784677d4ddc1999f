// A private app server for tests that must kill or restart it (crash tests): its own
// port, data directory and SQLite file, in its own process group so `kill -9` takes
// `next start` down with it.
import { spawn, type ChildProcess } from "node:child_process";
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
  const signalGroup = async (signal: NodeJS.Signals) => {
    if (!child?.pid) return;
    const exited = new Promise((r) => child!.once("exit", r));
    try {
      process.kill(-child.pid, signal);
    } catch {
      return;
    }
    await exited;
    // `next start` may outlive its parent for a moment; wait until the port is free.
    for (let i = 0; i < 100; i++) {
      try {
        await fetch(`${url}/api/health`);
        await new Promise((r) => setTimeout(r, 100));
      } catch {
        return;
      }
    }
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
    kill9: () => signalGroup("SIGKILL"),
    stop: async () => {
      await signalGroup("SIGTERM");
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
