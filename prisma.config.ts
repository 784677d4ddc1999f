import path from "node:path";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { defineConfig } from "prisma/config";

// The CLI (migrate deploy, migrate diff) runs through the same driver adapters as the
// app, with the JavaScript schema engine: no native engine is downloaded.
const url = process.env.DATABASE_URL || `file:${path.join(process.env.DATA_DIR || "./data", "app.db")}`;
const postgres = /^postgres(ql)?:\/\//.test(url);

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: postgres ? "prisma/postgres/schema.prisma" : "prisma/sqlite/schema.prisma",
  adapter: async () => (postgres ? new PrismaPg({ connectionString: url }) : new PrismaBetterSQLite3({ url })),
});
