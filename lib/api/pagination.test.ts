import { expect, test } from "@playwright/test";
import { decodeCursor, encodeCursor, finishPage, pageArgs } from "./pagination";

test("cursors round-trip dates and strings", () => {
  const at = new Date("2026-01-02T03:04:05.678Z");
  expect(decodeCursor(encodeCursor(at, "pk1"), "created")).toEqual({ value: at, pk: "pk1" });
  expect(decodeCursor(encodeCursor("Zed", "pk2"), "lastName")).toEqual({ value: "Zed", pk: "pk2" });
});

const forged = (c: unknown) => Buffer.from(JSON.stringify(c)).toString("base64url");

test("tampered and made-up cursors are refused with 400, whatever the database would fail on", () => {
  const at = "2026-01-02T03:04:05.678Z";
  const bad: [string, string][] = [
    ["x", "created"],
    [forged({}), "created"],
    [forged({ v: "nope", d: true, pk: "a" }), "created"],
    // Of another order's kind: a word or a number for a timestamp, a moment for a name.
    [forged({ v: "Smith", d: false, pk: "a" }), "created"],
    [forged({ v: 7, d: false, pk: "a" }), "created"],
    [forged({ v: 7, d: false, pk: "a" }), "lastName"],
    [forged({ v: at, d: true, pk: "a" }), "lastName"],
    // What PostgreSQL or Prisma refuse: NUL, lone surrogates, year 0, years past 9999.
    [forged({ v: "a\u0000b", d: false, pk: "a" }), "name"],
    [forged({ v: at, d: true, pk: "a\u0000" }), "created"],
    [Buffer.from('{"v":"x","d":false,"pk":"\\ud800"}').toString("base64url"), "name"],
    [forged({ v: "+275760-09-13T00:00:00.000Z", d: true, pk: "a" }), "created"],
    [forged({ v: "0000-01-01T00:00:00.000Z", d: true, pk: "a" }), "created"],
    [forged({ v: "x".repeat(501), d: false, pk: "a" }), "name"],
  ];
  for (const [cursor, field] of bad)
    expect(() => decodeCursor(cursor, field), `${Buffer.from(cursor, "base64url").toString()} for ${field}`).toThrow(
      /startCursor/,
    );
});

test("a page past the cursor continues strictly after it, tie-broken by pk", () => {
  const args = pageArgs("name", "asc", { perPage: 2, startCursor: encodeCursor("b", "p5") });
  expect(args.take).toBe(3);
  expect(args.orderBy).toEqual([{ name: "asc" }, { pk: "asc" }]);
  expect(args.where).toEqual({
    AND: [{ name: { gte: "b" } }, { OR: [{ name: { gt: "b" } }, { name: "b", pk: { gt: "p5" } }] }],
  });
  expect(pageArgs("created", "desc", { perPage: 2 }).where).toEqual({});
  const at = new Date("2026-01-02T03:04:05.678Z");
  expect(pageArgs("created", "desc", { perPage: 2, startCursor: encodeCursor(at, "p9") }).where).toEqual({
    AND: [{ created: { lte: at } }, { OR: [{ created: { lt: at } }, { created: at, pk: { lt: "p9" } }] }],
  });
});

test("finishPage yields a cursor only when more rows exist", () => {
  const rows = [
    { pk: "a", n: "1" },
    { pk: "b", n: "2" },
    { pk: "c", n: "3" },
  ];
  const more = finishPage(rows, { perPage: 2 }, (r) => r.n);
  expect(more.items.map((r) => r.pk)).toEqual(["a", "b"]);
  expect(decodeCursor(more.nextCursor!, "name")).toEqual({ value: "2", pk: "b" });
  expect(finishPage(rows.slice(0, 2), { perPage: 2 }, (r) => r.n).nextCursor).toBeNull();
});
