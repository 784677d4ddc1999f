import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import pg from "pg";
import { migrateDeploy, migrationNames, sync } from "../../scripts/db-sync";
import { scratchPostgres } from "./test-db";

// Upgrade-safe schema: a database made by the previous migrations keeps its data when a new
// migration written by `npm run db:sync` is applied. A copy of prisma/ gets a model change
// (a new column and a new table), db:sync writes 0002 for both databases, and `prisma migrate
// deploy` takes a database with rows from 0001 to 0002. On SQLite always, on PostgreSQL when
// the test run has one (TEST_PG_URL, set by `npm test`).

test.describe.configure({ timeout: 240_000 });

const root = path.resolve(import.meta.dirname, "../..");

function projectCopy(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "upgrade-"));
  fs.cpSync(path.join(root, "prisma"), path.join(dir, "prisma"), { recursive: true });
  return dir;
}

/** The model change of the "next release": a column on Tenant and a table. */
function changeModels(dir: string) {
  const file = path.join(dir, "prisma/models.prisma");
  const models = fs.readFileSync(file, "utf8").replace("model Tenant {\n", "model Tenant {\n  upgradeNote   String?\n");
  fs.writeFileSync(file, `${models}\nmodel UpgradeProbe {\n  pk    String @id\n  value Int    @default(0)\n}\n`);
}

type Rows = { tenants: { pk: string; id: string; name: string }[]; orgs: { pk: string; name: string }[] };

function upgradeScenario(
  provider: "sqlite" | "postgres",
  url: string,
  write: () => Promise<void>,
  read: () => Promise<Rows & { note: unknown; probe: number }>,
) {
  return async () => {
    const installed = projectCopy();
    const next = projectCopy();
    try {
      // The running installation: today's migrations.
      const shipped = migrationNames(root, provider);
      expect(shipped[0]).toBe("0001_init");
      migrateDeploy(path.join(installed, "prisma", provider, "schema.prisma"), url);
      await write();
      const before = await read();
      expect(before.tenants.length).toBe(2);

      // The next release: db:sync writes one incremental migration per database.
      changeModels(next);
      expect(sync({ root: next, name: "upgrade probe" })).toEqual([]);
      const names = migrationNames(next, provider);
      expect(names).toEqual([...shipped, `${String(shipped.length + 1).padStart(4, "0")}_upgrade_probe`]);
      for (const name of shipped) {
        // Earlier migrations are never rewritten.
        expect(fs.readFileSync(path.join(next, "prisma", provider, "migrations", name, "migration.sql"), "utf8")).toBe(
          fs.readFileSync(path.join(root, "prisma", provider, "migrations", name, "migration.sql"), "utf8"),
        );
      }
      const sql = fs.readFileSync(
        path.join(next, "prisma", provider, "migrations", names.at(-1)!, "migration.sql"),
        "utf8",
      );
      expect(sql).toContain("UpgradeProbe");
      expect(sql).not.toMatch(/CREATE TABLE "User"/);
      // A second sync with no change writes nothing.
      expect(sync({ root: next })).toEqual([]);
      expect(migrationNames(next, provider)).toEqual(names);
      expect(sync({ root: next, check: true })).toEqual([]);

      const output = migrateDeploy(path.join(next, "prisma", provider, "schema.prisma"), url);
      expect(output).toContain(names.at(-1)!.slice(5));
      const after = await read();
      expect({ tenants: after.tenants, orgs: after.orgs }).toEqual({ tenants: before.tenants, orgs: before.orgs });
      expect(after.note).toBeNull();
      expect(after.probe).toBe(0);
    } finally {
      fs.rmSync(installed, { recursive: true, force: true });
      fs.rmSync(next, { recursive: true, force: true });
    }
  };
}

test("SQLite: data written under the previous migrations survives the new one", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "upgrade-sqlite-"));
  const file = path.join(dir, "app.db");
  try {
    await upgradeScenario(
      "sqlite",
      `file:${file}`,
      async () => {
        const db = new Database(file);
        const now = Date.now();
        db.prepare(`INSERT INTO "Tenant" (pk, id, name, created, updated) VALUES (?, ?, ?, ?, ?)`).run(
          "t1",
          "tenant-one",
          "Één tenant",
          now,
          now,
        );
        db.prepare(`INSERT INTO "Tenant" (pk, id, name, created, updated) VALUES (?, ?, ?, ?, ?)`).run(
          "t2",
          "tenant-two",
          "Two",
          now,
          now,
        );
        db.prepare(
          `INSERT INTO "Organisation" (pk, "tenantPk", id, name, created, updated) VALUES (?, ?, ?, ?, ?, ?)`,
        ).run("o1", "t1", "org", "Org", now, now);
        db.close();
      },
      async () => {
        const db = new Database(file, { readonly: true });
        try {
          const tenants = db.prepare(`SELECT pk, id, name FROM "Tenant" ORDER BY pk`).all() as Rows["tenants"];
          const orgs = db.prepare(`SELECT pk, name FROM "Organisation" ORDER BY pk`).all() as Rows["orgs"];
          const cols = (db.prepare(`PRAGMA table_info("Tenant")`).all() as { name: string }[]).map((c) => c.name);
          const note = cols.includes("upgradeNote")
            ? (db.prepare(`SELECT "upgradeNote" AS n FROM "Tenant" WHERE pk = 't1'`).get() as { n: unknown }).n
            : undefined;
          const hasProbe = db.prepare(`SELECT name FROM sqlite_master WHERE name = 'UpgradeProbe'`).get();
          return {
            tenants,
            orgs,
            note,
            probe: hasProbe ? (db.prepare(`SELECT COUNT(*) AS c FROM "UpgradeProbe"`).get() as { c: number }).c : -1,
          };
        } finally {
          db.close();
        }
      },
    )();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("PostgreSQL: data written under the previous migrations survives the new one", async () => {
  const scratch = await scratchPostgres("upgrade");
  test.skip(!scratch, "no PostgreSQL in this run (TEST_DATABASES=sqlite)");
  const url = scratch!.url;
  const client = new pg.Client({ connectionString: url });
  try {
    await upgradeScenario(
      "postgres",
      url,
      async () => {
        await client.connect();
        await client.query(
          `INSERT INTO "Tenant" (pk, id, name, updated) VALUES ('t1', 'tenant-one', 'Één tenant', now()), ('t2', 'tenant-two', 'Two', now())`,
        );
        await client.query(
          `INSERT INTO "Organisation" (pk, "tenantPk", id, name, updated) VALUES ('o1', 't1', 'org', 'Org', now())`,
        );
      },
      async () => {
        const tenants = (await client.query(`SELECT pk, id, name FROM "Tenant" ORDER BY pk`)).rows;
        const orgs = (await client.query(`SELECT pk, name FROM "Organisation" ORDER BY pk`)).rows;
        const cols = (
          await client.query(`SELECT column_name FROM information_schema.columns WHERE table_name = 'Tenant'`)
        ).rows.map((r) => r.column_name);
        const note = cols.includes("upgradeNote")
          ? (await client.query(`SELECT "upgradeNote" AS n FROM "Tenant" WHERE pk = 't1'`)).rows[0].n
          : undefined;
        const probe = (await client.query(`SELECT to_regclass('"UpgradeProbe"') AS t`)).rows[0].t
          ? Number((await client.query(`SELECT COUNT(*) AS c FROM "UpgradeProbe"`)).rows[0].c)
          : -1;
        return { tenants, orgs, note, probe };
      },
    )();
  } finally {
    await client.end().catch(() => {});
    await scratch!.drop();
  }
});
