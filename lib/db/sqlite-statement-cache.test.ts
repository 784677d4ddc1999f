import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { newPk } from "./ids";
import { cacheStatements } from "./sqlite-statement-cache";
import { createTestDb } from "./test-db";

// The statement cache on a real SQLite file: each SQL text compiled once while it stays among the
// most recent, every call with its own arguments (a cached statement never answers with an earlier
// call's), a failed statement usable again, and Prisma's reads, writes and transactions unchanged
// through it.

test("compiles each SQL once, runs every call with its own arguments, and evicts the least recent", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "statement-cache-"));
  const db = new Database(path.join(dir, "a.db"));
  try {
    db.exec("CREATE TABLE t (k TEXT PRIMARY KEY, v INTEGER)");
    const compiled: string[] = [];
    const compile = db.prepare.bind(db);
    db.prepare = ((sql: string) => {
      compiled.push(sql);
      return compile(sql);
    }) as typeof db.prepare;
    cacheStatements(db, 2);
    // As the adapter calls it: prepare(sql).bind(args), then run() or raw().all().
    const call = db.prepare as unknown as (sql: string) => {
      bind(args: unknown[]): { reader: boolean; run(): unknown; raw(): { all(): unknown[] } };
    };
    const insert = "INSERT INTO t (k, v) VALUES (?, ?)";
    const select = "SELECT v FROM t WHERE k = ?";
    call(insert).bind(["a", 1]).run();
    call(insert).bind(["b", 2]).run();
    expect(call(select).bind(["a"]).raw().all()).toEqual([[1]]);
    expect(call(select).bind(["b"]).raw().all()).toEqual([[2]]);
    expect(compiled).toEqual([insert, select]);

    // A constraint failure leaves the statement reusable.
    expect(() => call(insert).bind(["a", 3]).run()).toThrow(/UNIQUE/);
    call(insert).bind(["c", 3]).run();
    expect(compiled).toEqual([insert, select]);

    // Size 2: a third SQL text pushes out the least recently used (select), not insert.
    call("SELECT count(*) FROM t").bind([]).raw().all();
    call(insert).bind(["d", 4]).run();
    expect(call(select).bind(["d"]).raw().all()).toEqual([[4]]);
    expect(compiled).toEqual([insert, select, "SELECT count(*) FROM t", select]);
  } finally {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("Prisma's queries, raw statements and transactions read and write through the cache", async () => {
  const { db, close } = await createTestDb();
  try {
    for (const [i, name] of ["Ada", "Bea", "Cas"].entries())
      await db.user.create({
        data: { pk: newPk(), ns: "o:x", id: `u${i}`, level: "user", firstName: name, lastName: "L" },
      });
    for (const id of ["u0", "u1", "u2", "u1"])
      expect((await db.user.findUnique({ where: { ns_id: { ns: "o:x", id } } }))?.firstName).toBe(
        { u0: "Ada", u1: "Bea", u2: "Cas" }[id],
      );
    // A rolled-back transaction leaves nothing, and the same statements then commit in another.
    await expect(
      db.$transaction(async (tx) => {
        await tx.$executeRaw`UPDATE "User" SET "firstName" = ${"Zed"} WHERE "id" = ${"u0"}`;
        throw new Error("undo");
      }),
    ).rejects.toThrow("undo");
    expect((await db.user.findFirst({ where: { id: "u0" } }))?.firstName).toBe("Ada");
    await db.$transaction(async (tx) => {
      await tx.$executeRaw`UPDATE "User" SET "firstName" = ${"Zed"} WHERE "id" = ${"u0"}`;
    });
    const rows = await db.$queryRaw<{ firstName: string }[]>`SELECT "firstName" FROM "User" WHERE "id" = ${"u0"}`;
    expect(rows).toEqual([{ firstName: "Zed" }]);
    // A unique violation through Prisma is still reported as one, and the insert works afterwards.
    await expect(
      db.user.create({ data: { pk: newPk(), ns: "o:x", id: "u0", level: "user", firstName: "X", lastName: "L" } }),
    ).rejects.toMatchObject({ code: "P2002" });
    await db.user.create({
      data: { pk: newPk(), ns: "o:x", id: "u3", level: "user", firstName: "Dex", lastName: "L" },
    });
    expect(await db.user.count({ where: { ns: "o:x" } })).toBe(4);
  } finally {
    await close();
  }
});
