import path from "node:path";
import { z } from "zod";

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
  TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(24 * 3600),
  MAX_BODY_BYTES: z.coerce.number().int().min(1024).default(1024 * 1024),
  MAX_UPLOAD_BYTES: z.coerce.number().int().min(1024).default(512 * 1024 * 1024),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_LOCK_SECONDS: z.coerce.number().int().min(1).default(60),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
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
};

export class ConfigError extends Error {}

export function parseConfig(env: NodeJS.ProcessEnv): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const databaseUrl = e.DATABASE_URL ?? `file:${path.join(dataDir, "app.db")}`;
  const publicBaseUrl = (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  return {
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
  };
}

let cached: Config | undefined;
export function config(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
