import path from "node:path";
import { z } from "zod";
import { parseTrustList } from "./server/client-address.mjs";
import { defaultPoolQueue, defaultPoolThreads } from "./workers/pool-size";

// Environment configuration, validated once. Every problem is reported together
// with the variable's name so a bad deployment fails at start-up, not per request.
const schema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^(file:|postgres(ql)?:\/\/)/, "must be a file: URL (SQLite) or a postgres:// URL")
    .optional(),
  PUBLIC_BASE_URL: z.url("must be an absolute http(s) URL such as http://localhost:3000").optional(),
  ADMIN_USERNAME: z.string().min(1).default("admin"),
  ADMIN_PASSWORD: z.string().min(12, "must be at least 12 characters").optional(),
  TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(24 * 3600),
  MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  MAX_UPLOAD_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(512 * 1024 * 1024),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_LOCK_SECONDS: z.coerce.number().int().min(1).default(60),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  // Background work: job polling and leases (a dead instance's job is retried after its lease).
  BACKGROUND_JOBS: z.stringbool({ error: "must be true or false" }).default(true),
  JOB_POLL_MS: z.coerce.number().int().min(50).default(1000),
  JOB_LEASE_SECONDS: z.coerce.number().int().min(1).default(30),
  SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(10).default(3600),
  ORPHAN_AGE_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(24 * 3600),
  // File storage: the local filesystem under DATA_DIR, or an S3-compatible bucket.
  STORAGE: z.enum(["filesystem", "s3"]).default("filesystem"),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z.url("must be an absolute URL such as https://s3.example.com").optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.stringbool({ error: "must be true or false" }).default(false),
  // HTTP serving (scripts/http-server.mjs): timeouts, drain, proxies whose forwarding is believed.
  KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(65),
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(20),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(0).default(3600),
  UPLOAD_STALL_SECONDS: z.coerce.number().int().min(1).default(60),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).default(30),
  TRUST_PROXY: z
    .string()
    .default("")
    .superRefine((value, ctx) => {
      try {
        parseTrustList(value);
      } catch (error) {
        ctx.addIssue({
          code: "custom",
          message: `${(error as Error).message} (addresses or CIDR ranges, comma-separated)`,
        });
      }
    }),
  TRUST_PROXY_HEADER: z.enum(["x-forwarded-for", "forwarded"]).default("x-forwarded-for"),
  // Web app sessions (next-auth); without either, a secret is generated once and kept in the database.
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters (e.g. openssl rand -base64 32)").optional(),
  NEXTAUTH_SECRET: z.string().min(32, "must be at least 32 characters (e.g. openssl rand -base64 32)").optional(),
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  // The recognition server (websocket at /ws): what this instance serves, and its limits.
  SERVER_ROLE: z.enum(["all", "api", "recognition"]).default("all"),
  SERVER_HEAP_MB: z.coerce.number().int().min(96).default(192),
  WS_MAX_FRAME_BYTES: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .default(8 * 1024 * 1024),
  WS_MAX_ANSWER_SECONDS: z.coerce.number().int().min(1).default(300),
  WS_MAX_SESSIONS_PER_USER: z.coerce.number().int().min(1).default(10),
  WS_MAX_SESSIONS: z.coerce.number().int().min(1).default(500),
  WS_IDLE_SECONDS: z.coerce.number().int().min(5).default(300),
  ENGINE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(30),
  // The worker pool for CPU work on audio (lib/workers/pool.ts reads these; validated here).
  WORKER_POOL_THREADS: z.coerce.number().int().min(1).optional(),
  WORKER_POOL_MAX_QUEUE: z.coerce.number().int().min(1).optional(),
  WORKER_POOL_TIMEOUT_MS: z.coerce.number().int().min(1).default(30_000),
  WORKER_POOL_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).default(2),
  // The upload line (lib/server/upload-line.mjs): uploads handled at once, and how many more may
  // wait their turn (past that: 503 with Retry-After). Defaults: two per pool thread and two more;
  // the pool's queue bound.
  UPLOADS_AT_ONCE: z.coerce.number().int().min(1).optional(),
  UPLOADS_WAITING: z.coerce.number().int().min(0).optional(),
  // Read by lib/workers/pool-thread-priority.mjs in each pool thread.
  WORKER_POOL_NICE: z.coerce.number().int().min(0).max(19).default(10),
});

export type Config = {
  port: number;
  dataDir: string;
  databaseUrl: string;
  databaseKind: "sqlite" | "postgres";
  publicBaseUrl: string;
  apiBaseUrl: string;
  adminUsername: string;
  adminPassword: string | undefined;
  tokenTtlSeconds: number;
  maxBodyBytes: number;
  maxUploadBytes: number;
  loginMaxFailures: number;
  loginLockSeconds: number;
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
  /** Whether this instance runs background jobs (API-only instances can leave them to others). */
  backgroundJobs: boolean;
  jobPollMs: number;
  jobLeaseMs: number;
  sweepIntervalSeconds: number;
  orphanAgeSeconds: number;
  storage: StorageConfig;
  /** For scripts/http-server.mjs (passed to it as SERVER_SETTINGS). */
  server: ServerSettings;
  /** AUTH_SECRET or NEXTAUTH_SECRET; not enumerable, like the S3 secret. */
  authSecret?: string;
  /** METRICS_TOKEN: a bearer token that may read GET /api/metrics; not enumerable. */
  metricsToken?: string;
  /** Seconds an upload refused with 503 (every audio worker busy, the queue full) is told to wait. */
  workerPoolRetryAfterSeconds: number;
  /**
   * The server process's old-generation heap limit (node --max-old-space-size). V8 otherwise grows
   * the heap under a burst of requests far beyond what they hold live (280 MB committed for
   * 105 MB used with 100 uploads at once), and the process keeps that memory.
   */
  serverHeapMb: number;
  /** all: API, pages and /ws; api: no /ws; recognition: /ws and the health probes only. */
  serverRole: "all" | "api" | "recognition";
  recognition: {
    maxFrameBytes: number;
    maxAnswerSeconds: number;
    sessionsPerUser: number;
    sessionsPerInstance: number;
    idleSeconds: number;
    answersPerSession: number;
    engineTimeoutMs: number;
  };
};

export type ServerSettings = {
  keepAliveTimeoutMs: number;
  headersTimeoutMs: number;
  /** 0: none. */
  requestTimeoutMs: number;
  uploadStallMs: number;
  shutdownGraceMs: number;
  /** Proxies (addresses, CIDR ranges) whose forwarding header is believed; empty: none. */
  trustProxy: string[];
  trustProxyHeader: "x-forwarded-for" | "forwarded";
  serverRole: "all" | "api" | "recognition";
  /** The upload line (lib/server/upload-line.mjs); a full line answers 503 with `retryAfterSeconds`. */
  uploads: { atOnce: number; waiting: number; retryAfterSeconds: number };
};

/** Without access keys the AWS SDK's default credential chain applies (environment, instance role). */
export type StorageConfig =
  | { kind: "filesystem" }
  | {
      kind: "s3";
      bucket: string;
      endpoint?: string;
      region: string;
      accessKeyId?: string;
      /** Not enumerable: JSON.stringify and console.log of the config never show it. */
      secretAccessKey?: string;
      forcePathStyle: boolean;
    };

export class ConfigError extends Error {}

export function parseConfig(env: NodeJS.ProcessEnv): Config {
  const parsed = schema.safeParse(env);
  const lines = parsed.success ? [] : parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
  lines.push(...storageProblems(env), ...timeoutProblems(parsed.data));
  if (!parsed.success || lines.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const databaseUrl = e.DATABASE_URL ?? `file:${path.join(dataDir, "app.db")}`;
  const publicBaseUrl = (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  const cfg: Config = {
    port: e.PORT,
    dataDir,
    databaseUrl,
    databaseKind: databaseUrl.startsWith("file:") ? "sqlite" : "postgres",
    publicBaseUrl,
    apiBaseUrl: `${publicBaseUrl}/api`,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    maxBodyBytes: e.MAX_BODY_BYTES,
    maxUploadBytes: e.MAX_UPLOAD_BYTES,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginLockSeconds: e.LOGIN_LOCK_SECONDS,
    logLevel: e.LOG_LEVEL,
    backgroundJobs: e.BACKGROUND_JOBS,
    jobPollMs: e.JOB_POLL_MS,
    jobLeaseMs: e.JOB_LEASE_SECONDS * 1000,
    sweepIntervalSeconds: e.SWEEP_INTERVAL_SECONDS,
    orphanAgeSeconds: e.ORPHAN_AGE_SECONDS,
    storage: storageConfig(e),
    workerPoolRetryAfterSeconds: e.WORKER_POOL_RETRY_AFTER_SECONDS,
    serverHeapMb: e.SERVER_HEAP_MB,
    server: {
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
      headersTimeoutMs: e.HEADERS_TIMEOUT_SECONDS * 1000,
      requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
      uploadStallMs: e.UPLOAD_STALL_SECONDS * 1000,
      shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
      trustProxy: parseTrustList(e.TRUST_PROXY),
      trustProxyHeader: e.TRUST_PROXY_HEADER,
      serverRole: e.SERVER_ROLE,
      uploads: uploadLineSettings(e),
    },
    serverRole: e.SERVER_ROLE,
    recognition: {
      maxFrameBytes: e.WS_MAX_FRAME_BYTES,
      maxAnswerSeconds: e.WS_MAX_ANSWER_SECONDS,
      sessionsPerUser: e.WS_MAX_SESSIONS_PER_USER,
      sessionsPerInstance: e.WS_MAX_SESSIONS,
      idleSeconds: e.WS_IDLE_SECONDS,
      answersPerSession: 32,
      engineTimeoutMs: e.ENGINE_TIMEOUT_SECONDS * 1000,
    },
  };
  const authSecret = e.AUTH_SECRET ?? e.NEXTAUTH_SECRET;
  if (authSecret) Object.defineProperty(cfg, "authSecret", { value: authSecret, enumerable: false });
  if (e.METRICS_TOKEN) Object.defineProperty(cfg, "metricsToken", { value: e.METRICS_TOKEN, enumerable: false });
  return cfg;
}

// Rules across variables, reported together with the schema's problems.
function storageProblems(env: NodeJS.ProcessEnv): string[] {
  if (env.STORAGE !== "s3") return [];
  const problems: string[] = [];
  if (!env.S3_BUCKET) problems.push("  S3_BUCKET: required when STORAGE=s3");
  if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
    problems.push("  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither");
  }
  return problems;
}

// Node refuses a headers timeout longer than the request timeout.
function timeoutProblems(e: z.infer<typeof schema> | undefined): string[] {
  if (!e || e.REQUEST_TIMEOUT_SECONDS === 0 || e.REQUEST_TIMEOUT_SECONDS >= e.HEADERS_TIMEOUT_SECONDS) return [];
  return ["  REQUEST_TIMEOUT_SECONDS: must be 0 (no limit) or at least HEADERS_TIMEOUT_SECONDS"];
}

function uploadLineSettings(e: z.infer<typeof schema>): ServerSettings["uploads"] {
  const threads = e.WORKER_POOL_THREADS ?? defaultPoolThreads();
  return {
    atOnce: e.UPLOADS_AT_ONCE ?? 2 * threads + 2,
    waiting: e.UPLOADS_WAITING ?? e.WORKER_POOL_MAX_QUEUE ?? defaultPoolQueue(threads),
    retryAfterSeconds: e.WORKER_POOL_RETRY_AFTER_SECONDS,
  };
}

function storageConfig(e: z.infer<typeof schema>): StorageConfig {
  if (e.STORAGE === "filesystem") return { kind: "filesystem" };
  const s3: StorageConfig = {
    kind: "s3",
    bucket: e.S3_BUCKET!,
    ...(e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT } : {}),
    region: e.S3_REGION,
    ...(e.S3_ACCESS_KEY_ID ? { accessKeyId: e.S3_ACCESS_KEY_ID } : {}),
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
  if (e.S3_SECRET_ACCESS_KEY) {
    Object.defineProperty(s3, "secretAccessKey", { value: e.S3_SECRET_ACCESS_KEY, enumerable: false });
  }
  return s3;
}

let cached: Config | undefined;
export function config(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
