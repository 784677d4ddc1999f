import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { epochMsDate, epochMsSql, SqlParams } from "@/lib/db/sql";
import { anyOf, NOTHING, type Where } from "./reach";
import { whereSql } from "./where-sql";

// The rendered SQL must pick exactly the rows Prisma's reading of the same fragment picks:
// checked on a real SQLite table against the expected pks.
const sqlite = new Database(":memory:");
sqlite.exec(
  `CREATE TABLE "T" ("pk" TEXT PRIMARY KEY, "ns" TEXT NOT NULL, "userPk" TEXT, "done" BOOLEAN NOT NULL, "created" DATETIME NOT NULL)`,
);
const insert = sqlite.prepare(`INSERT INTO "T" VALUES (?, ?, ?, ?, ?)`);
insert.run("a", "o:1", "u1", 1, "2026-01-02T03:04:05.678+00:00");
insert.run("b", "o:1", null, 0, "2026-01-02T03:04:05.679+00:00");
insert.run("c", "o:2", "u2", 0, "2026-01-02T03:04:05.680+00:00");

function pks(where: Where): string[] {
  const params = new SqlParams("sqlite");
  const sql = `SELECT "pk" FROM "T" t WHERE ${whereSql(where, params, "t")} ORDER BY "pk"`;
  return sqlite
    .prepare(sql)
    .pluck()
    .all(...params.values) as string[];
}

test("policy fragments select the rows Prisma would", () => {
  expect(pks({})).toEqual(["a", "b", "c"]);
  expect(pks(NOTHING)).toEqual([]);
  expect(pks({ pk: "b" })).toEqual(["b"]);
  expect(pks({ ns: { in: ["o:2", "o:3"] } })).toEqual(["c"]);
  expect(pks({ userPk: null })).toEqual(["b"]);
  expect(pks({ done: true })).toEqual(["a"]);
  expect(pks({ ns: { equals: "o:1" }, userPk: undefined })).toEqual(["a", "b"]);
  expect(pks(anyOf({ ns: "o:2" }, { userPk: "u1" }))).toEqual(["a", "c"]);
  expect(pks(anyOf(null, null))).toEqual([]);
  expect(pks(anyOf({ ns: "o:2" }, {}))).toEqual(["a", "b", "c"]);
  expect(pks({ AND: [{ ns: "o:1" }, anyOf({ userPk: "u1" }, { pk: "c" })] })).toEqual(["a"]);
  expect(pks({ AND: [] })).toEqual(["a", "b", "c"]);
  expect(pks({ OR: [] })).toEqual([]);
  // An AND beside an OR keeps its meaning (precedence): (ns = o:1 AND pk = b) OR pk = c.
  expect(pks({ OR: [{ ns: "o:1", pk: "b" }, { pk: "c" }] })).toEqual(["b", "c"]);
});

test("shapes it does not understand are refused, never read as every row", () => {
  const params = new SqlParams("sqlite");
  expect(() => whereSql({ ns: { startsWith: "o:" } }, params)).toThrow(/unsupported filter on ns/);
  expect(() => whereSql({ members: { some: { userPk: "u1" } } }, params)).toThrow(/unsupported/);
  expect(() => whereSql({ created: new Date() }, params)).toThrow(/unsupported/);
  expect(() => whereSql({ pk: { in: [{}] } }, params)).toThrow(/unsupported/);
  expect(() => whereSql({ OR: ["x"] } as unknown as Where, params)).toThrow(/unsupported/);
  expect(() => whereSql({ 'pk" OR 1=1 --': "x" }, params)).toThrow(/identifier/);
});

test("PostgreSQL placeholders are numbered in order and booleans stay booleans", () => {
  const params = new SqlParams("postgres");
  expect(params.add("first")).toBe("$1");
  expect(whereSql({ AND: [{ ns: { in: ["o:1", "o:2"] } }, { done: false }] }, params, "t")).toBe(
    `(t."ns" IN ($2, $3)) AND (t."done" = $4)`,
  );
  expect(params.values).toEqual(["first", "o:1", "o:2", false]);
});

test("time columns come back as the stored millisecond", () => {
  const ms = sqlite
    .prepare(`SELECT ${epochMsSql("sqlite", '"created"')} FROM "T" ORDER BY "pk"`)
    .pluck()
    .all();
  expect(ms.map((v) => epochMsDate(v).toISOString())).toEqual([
    "2026-01-02T03:04:05.678Z",
    "2026-01-02T03:04:05.679Z",
    "2026-01-02T03:04:05.680Z",
  ]);
});
