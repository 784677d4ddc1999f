import { execFileSync } from "node:child_process";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "../lib/db/generated/sqlite/client";
import { engineEnv } from "../scripts/db-sync";
const url = "file:/tmp/mb/m.db";
execFileSync("node_modules/.bin/prisma", ["migrate", "deploy"], { env: { ...process.env, ...engineEnv(), DATABASE_URL: url }, stdio: "ignore" });
const bare = new PrismaClient({ adapter: new PrismaBetterSQLite3({ url }) });
await bare.tenant.deleteMany({});
await bare.tenant.create({ data: { pk: "t1", id: "x", name: "X" } as never });
const ext = bare.$extends({ query: { async $allOperations({ args, query }) { const s = performance.now(); try { return await query(args); } finally { void (performance.now() - s); } } } });
const res: Record<string, number[]> = {};
async function time(name: string, f: () => Promise<unknown>) {
  const n = 2000; const t = performance.now();
  for (let i = 0; i < n; i++) await f();
  (res[name] ??= []).push((performance.now() - t) / n * 1000);
}
for (let round = 0; round < 5; round++) {
  await time("findFirst bare", () => bare.tenant.findFirst({ where: { AND: [{ id: "x" }, {}] } }));
  await time("findFirst ext", () => ext.tenant.findFirst({ where: { AND: [{ id: "x" }, {}] } }));
  await time("queryRaw", () => bare.$queryRawUnsafe(`SELECT * FROM "Tenant" WHERE id = ?`, "x"));
}
for (const [k, v] of Object.entries(res)) console.log(k, v.map((x) => x.toFixed(0)).join(" "), "µs");
