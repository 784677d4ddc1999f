// Starts a throw-away PostgreSQL cluster for the tests: a temp directory, trust auth,
// durability off (it is deleted afterwards), a free port on 127.0.0.1.
import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

export type RunningPostgres = {
  url: string;
  stop: () => Promise<void>;
  /** The server's process id (the postmaster: every connection is a child of it). */
  pid: () => number;
};

const DATABASE = "speech_test";

export async function startPostgres(): Promise<RunningPostgres> {
  const bin = findBinaries();
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "speech-pg-"));
  const dataDir = path.join(dir, "data");
  const logFile = path.join(dir, "server.log");
  // PostgreSQL refuses to run as root: the cluster belongs to the postgres OS user then.
  const command = (cmd: string, args: string[]): [string, string[]] =>
    asRoot ? ["runuser", ["-u", "postgres", "--", path.join(bin, cmd), ...args]] : [path.join(bin, cmd), args];
  const run: Run = (cmd, args) => execFileSync(...command(cmd, args), { stdio: ["ignore", "pipe", "pipe"] });
  const stopArgs = ["stop", "-D", dataDir, "-m", "fast", "-w"];

  let stopping: Promise<void> | undefined;
  let stopped = false;
  const forget = () => {
    stopped = true;
    for (const signal of ["SIGINT", "SIGTERM"] as const) process.off(signal, onSignal);
    process.off("exit", stopSync);
  };
  // Asynchronous, so signal handlers do not block the event loop (tsx's parent process
  // SIGKILLs a child that does not acknowledge a relayed signal within 30 ms).
  const stop = () =>
    (stopping ??= (async () => {
      if (fs.existsSync(path.join(dataDir, "postmaster.pid"))) {
        await promisify(execFile)(...command("pg_ctl", stopArgs)).catch((error) => warn(error));
      }
      fs.rmSync(dir, { recursive: true, force: true });
      forget();
    })());
  // Last resort when the process exits without stop(): only synchronous work is possible.
  const stopSync = () => {
    if (stopped) return;
    forget();
    try {
      if (fs.existsSync(path.join(dataDir, "postmaster.pid"))) run("pg_ctl", stopArgs);
    } catch (error) {
      warn(error);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  // On SIGINT/SIGTERM the server stops at once; the process exits too unless the caller
  // handles the signal itself (scripts/test.ts waits for Playwright first).
  const onSignal = (signal: NodeJS.Signals) => {
    void stop().finally(() => {
      if (process.listenerCount(signal) === 0) process.exit(128 + os.constants.signals[signal]);
    });
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, onSignal);
  process.on("exit", stopSync);

  try {
    if (asRoot) {
      const [uid, gid] = ["-u", "-g"].map((flag) =>
        Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim()),
      );
      fs.chownSync(dir, uid, gid);
    }
    run("initdb", ["-D", dataDir, "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-sync", "--username=postgres"]);
    const port = await startServer(run, dataDir, dir, logFile);
    await createDatabase(port);
    const pid = () => Number(fs.readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
    return { url: `postgres://postgres@127.0.0.1:${port}/${DATABASE}`, stop, pid };
  } catch (error) {
    const log = fs.existsSync(logFile) ? `\n--- server log ---\n${fs.readFileSync(logFile, "utf8").slice(-4000)}` : "";
    await stop();
    throw new Error(`Could not start a test PostgreSQL server: ${describe(error)}${log}`);
  }
}

function findBinaries(): string {
  const base = "/usr/lib/postgresql";
  const versions = fs.existsSync(base)
    ? fs.readdirSync(base).filter((v) => fs.existsSync(path.join(base, v, "bin/postgres")))
    : [];
  if (!versions.length) {
    throw new Error(
      `No PostgreSQL server found under ${base}/<version>/bin. Install it with: apt-get install -y postgresql`,
    );
  }
  const highest = versions.sort((a, b) => Number(b) - Number(a))[0];
  return path.join(base, highest, "bin");
}

type Run = (cmd: string, args: string[]) => Buffer;

/** Starts the server on a free port; retries when another process takes the port first. */
async function startServer(run: Run, dataDir: string, socketDir: string, logFile: string): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const settings = {
      listen_addresses: "'127.0.0.1'",
      port: String(port),
      unix_socket_directories: `'${socketDir}'`,
      fsync: "off",
      synchronous_commit: "off",
      full_page_writes: "off",
    };
    // postgresql.auto.conf is read last, so rewriting it per attempt replaces the port.
    const conf = path.join(dataDir, "postgresql.auto.conf");
    fs.writeFileSync(
      conf,
      Object.entries(settings)
        .map(([k, v]) => `${k} = ${v}\n`)
        .join(""),
    );
    try {
      run("pg_ctl", ["start", "-D", dataDir, "-l", logFile, "-w", "-t", "60"]);
      run("pg_isready", ["-h", "127.0.0.1", "-p", String(port), "-t", "30"]);
      return port;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function createDatabase(port: number): Promise<void> {
  const client = new pg.Client({ host: "127.0.0.1", port, user: "postgres", database: "postgres" });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await client.end();
  }
}

const warn = (error: unknown) => console.error(`Could not stop the test PostgreSQL server: ${describe(error)}`);

function describe(error: unknown): string {
  const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
  return stderr || (error instanceof Error ? error.message : String(error));
}
