import { expect, test } from "@playwright/test";
import { decodeCursor, encodeCursor, finishPage, pageArgs } from "./pagination";

test("cursors round-trip dates, strings and numbers", () => {
  const at = new Date("2026-01-02T03:04:05.678Z");
  expect(decodeCursor(encodeCursor(at, "pk1"))).toEqual({ value: at, pk: "pk1" });
  expect(decodeCursor(encodeCursor("Zed", "pk2"))).toEqual({ value: "Zed", pk: "pk2" });
  expect(decodeCursor(encodeCursor(7, "pk3"))).toEqual({ value: 7, pk: "pk3" });
});

test("tampered cursors are refused with 400", () => {
  for (const bad of ["x", Buffer.from("{}").toString("base64url"), Buffer.from('{"v":"nope","d":true,"pk":"a"}').toString("base64url")]) {
    expect(() => decodeCursor(bad)).toThrow(/startCursor/);
  }
});

test("a page past the cursor continues strictly after it, tie-broken by pk", () => {
  const args = pageArgs("name", "asc", { perPage: 2, startCursor: encodeCursor("b", "p5") });
  expect(args.take).toBe(3);
  expect(args.orderBy).toEqual([{ name: "asc" }, { pk: "asc" }]);
  expect(args.where).toEqual({ AND: [{ name: { gte: "b" } }, { OR: [{ name: { gt: "b" } }, { name: "b", pk: { gt: "p5" } }] }] });
  expect(pageArgs("created", "desc", { perPage: 2 }).where).toEqual({});
  const at = new Date("2026-01-02T03:04:05.678Z");
  expect(pageArgs("created", "desc", { perPage: 2, startCursor: encodeCursor(at, "p9") }).where).toEqual({
    AND: [{ created: { lte: at } }, { OR: [{ created: { lt: at } }, { created: at, pk: { lt: "p9" } }] }],
  });
});

test("finishPage yields a cursor only when more rows exist", () => {
  const rows = [{ pk: "a", n: 1 }, { pk: "b", n: 2 }, { pk: "c", n: 3 }];
  const more = finishPage(rows, { perPage: 2 }, (r) => r.n);
  expect(more.items.map((r) => r.pk)).toEqual(["a", "b"]);
  expect(decodeCursor(more.nextCursor!)).toEqual({ value: 2, pk: "b" });
  expect(finishPage(rows.slice(0, 2), { perPage: 2 }, (r) => r.n).nextCursor).toBeNull();
});
