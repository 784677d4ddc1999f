// Cursor paging of GET /annotations (service-interface.md section 4 "Annotations": perPage and
// startCursor; api-conventions.md "Pagination": the next cursor in `Link: <...>; rel="next"`,
// the body a plain list, cursors opaque and stable under inserts). 250 annotations (25
// recordings x 10 assignments) are read page by page while new ones are added between the
// pages, some with client-chosen ids smaller than every id already read: no item is missed or
// repeated. Tampered cursors are a 400 and change nothing.
import type { APIRequestContext } from "@playwright/test";
import {
  type Annotation,
  createAnnotation,
  createAssignment,
  listAnnotations,
  nextLinkOf,
  type Setup,
  setup,
} from "../support/annotations";
import { authed, baseURL, expectJson, member } from "../support/api";
import { expectError } from "../support/assertions";
import { prepareTestAudio } from "../support/audio";
import { expect, test } from "../support/fixtures";

prepareTestAudio();

const RECORDINGS = 25;
const ASSIGNMENTS = 10;

/** Runs `tasks` at most `width` at a time. */
async function inBatches<T>(tasks: (() => Promise<T>)[], width = 10): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < tasks.length; i += width)
    out.push(...(await Promise.all(tasks.slice(i, i + width).map((t) => t()))));
  return out;
}

async function assignments(request: APIRequestContext, s: Setup, count: number) {
  return inBatches(
    Array.from(
      { length: count },
      (_, i) => () =>
        createAssignment(request, s.world.orgToken, {
          name: `Batch ${i}`,
          baseAnnotator: s.base.id,
          fullAnnotator: s.full.id,
          recordings: s.refs,
        }),
    ),
    4,
  );
}

test.describe("annotation paging", () => {
  test("250 annotations read with cursors while more are added: none missed, none repeated", async ({
    request,
    world,
  }) => {
    test.setTimeout(120_000);
    const started = Date.now();
    const s = await setup(request, world, RECORDINGS);
    const [main, late] = [await assignments(request, s, ASSIGNMENTS), await assignments(request, s, 2)];

    // The first annotation takes a high client-chosen id: everything after it is numbered higher,
    // and the ids just below it stay free for the inserts made while paging.
    const pivot = 600_000_000 + Math.floor(Math.random() * 100_000_000);
    const slots = main.flatMap((a) => s.refs.map((ref) => ({ assignment: a.id, recording: ref })));
    const first = await createAnnotation(request, s.base.token, { id: pivot, ...slots[0], fragments: [] });
    const rest = await inBatches(
      slots
        .slice(1)
        .map(
          (slot, i) => () => createAnnotation(request, i % 2 ? s.base.token : s.full.token, { ...slot, fragments: [] }),
        ),
    );
    const seeded = [first, ...rest];
    expect(seeded).toHaveLength(250);
    expect(Math.min(...seeded.map((n) => n.id!))).toBe(pivot);

    const lateSlots = late.flatMap((a) => s.refs.map((ref) => ({ assignment: a.id, recording: ref })));
    const inserted: Annotation[] = [];
    const seen: Annotation[] = [];
    let url: string | null = "/api/annotations?perPage=17";
    let pages = 0;
    while (url) {
      const response = await request.get(url, { headers: authed(s.base.token) });
      const page = await expectJson<Annotation[]>(response, 200);
      expect(Array.isArray(page)).toBe(true);
      expect(page.length).toBeLessThanOrEqual(17);
      seen.push(...page);
      url = nextLinkOf(response);
      pages++;
      expect(pages, "paging ends").toBeLessThan(40);
      if (url) {
        expect(url.startsWith(`${baseURL()}/api/annotations?`)).toBe(true);
        expect(new URL(url).searchParams.get("perPage")).toBe("17");
      }
      // Between pages: one with a chosen id below every id read so far, one numbered by the service.
      if (inserted.length < lateSlots.length - 1 && url) {
        const k = inserted.length;
        inserted.push(
          await createAnnotation(request, s.full.token, { id: pivot - 1 - k, ...lateSlots[k], fragments: [] }),
        );
        inserted.push(await createAnnotation(request, s.base.token, { ...lateSlots[k + 1], fragments: [] }));
      }
    }
    const ids = seen.map((n) => n.id);
    expect(new Set(ids).size, "no annotation repeated").toBe(ids.length);
    const expected = [...seeded, ...inserted].map((n) => n.id).sort((a, b) => a! - b!);
    expect(
      [...ids].sort((a, b) => a! - b!),
      "every annotation seen, the added ones too",
    ).toEqual(expected);
    // Creation order, then id.
    for (let i = 1; i < seen.length; i++) {
      const [a, b] = [seen[i - 1], seen[i]];
      expect(a.created <= b.created && (a.created < b.created || a.id! < b.id!), `order at ${i}`).toBe(true);
    }
    expect(inserted.length).toBeGreaterThanOrEqual(20);
    // Every item is complete.
    for (const n of seen) expect(n.audioUrl).toBeTruthy();
    // A second full read agrees (no inserts now), also with other page sizes.
    for (const perPage of [100, 7]) {
      const again = (await listAnnotations(request, s.base.token, "", perPage)).map((n) => n.id);
      expect(again).toEqual(ids);
    }
    // Filters hold across pages: the Link keeps them.
    const two = `assignment=${main[3].id}&assignment=${main[7].id}`;
    const response = await request.get(`/api/annotations?${two}&perPage=7`, { headers: authed(s.base.token) });
    await expectJson(response, 200);
    const link = new URL(nextLinkOf(response)!);
    expect(link.searchParams.getAll("assignment")).toEqual([String(main[3].id), String(main[7].id)]);
    const filtered = await listAnnotations(request, s.base.token, two, 7);
    expect(filtered).toHaveLength(2 * RECORDINGS);
    expect(new Set(filtered.map((n) => n.assignment))).toEqual(new Set([main[3].id, main[7].id]));
    expect(Date.now() - started, "the paging test stays quick").toBeLessThan(90_000);
  });

  test("cursors are opaque and tamper-evident: altered ones are a 400 and change nothing; a cursor can be reused", async ({
    request,
    world,
  }) => {
    const s = await setup(request, world, 5);
    const [a] = await assignments(request, s, 1);
    for (const ref of s.refs)
      await createAnnotation(request, s.base.token, { assignment: a.id, recording: ref, fragments: [] });
    const firstPage = await request.get("/api/annotations?perPage=2", { headers: authed(s.base.token) });
    const firstIds = (await expectJson<Annotation[]>(firstPage, 200)).map((n) => n.id);
    const next = nextLinkOf(firstPage)!;
    const cursor = new URL(next).searchParams.get("startCursor")!;
    expect(cursor).toBeTruthy();
    // Opaque: not a bare id or offset a client could compute; altering it is refused (below).
    expect(cursor).not.toMatch(/^\d+$/);
    expect(cursor).not.toBe(String(firstIds[1]));

    // Reusing a cursor gives the same page.
    const p2 = (await expectJson<Annotation[]>(await request.get(next, { headers: authed(s.base.token) }), 200)).map(
      (n) => n.id,
    );
    const p2again = (
      await expectJson<Annotation[]>(await request.get(next, { headers: authed(s.base.token) }), 200)
    ).map((n) => n.id);
    expect(p2again).toEqual(p2);
    expect(p2.some((id) => firstIds.includes(id))).toBe(false);
    // A token in the query stays out of the Link.
    const viaQuery = await request.get(`/api/annotations?perPage=2&access_token=${s.base.token}`);
    expect(await expectJson<Annotation[]>(viaQuery, 200)).toHaveLength(2);
    expect(nextLinkOf(viaQuery)).not.toContain("access_token");
    expect(new URL(nextLinkOf(viaQuery)!).searchParams.get("startCursor")).toBe(cursor);
    // Default page size 20: all five in one page, no Link.
    const all = await request.get("/api/annotations", { headers: authed(s.base.token) });
    expect(await expectJson<Annotation[]>(all, 200)).toHaveLength(5);
    expect(all.headers().link).toBeUndefined();

    const [payload, mac] = cursor.split(".");
    const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === "A" ? "B" : "A") + text.slice(at + 1);
    const forged = Buffer.from(JSON.stringify({ c: 0, id: 0 })).toString("base64url");
    const tampered = [
      ["payload changed", `${flip(payload, 3)}.${mac}`],
      ["signature changed", `${payload}.${flip(mac, 2)}`],
      ["signature dropped", payload],
      ["forged payload, old signature", `${forged}.${mac}`],
      ["an extra part", `${cursor}.x`],
      ["empty", "."],
      ["garbage", "not-a-cursor"],
      ["too long", "x".repeat(600)],
    ] as const;
    const before = await listAnnotations(request, world.orgToken);
    for (const [what, bad] of tampered) {
      const response = await request.get(`/api/annotations?perPage=2&startCursor=${encodeURIComponent(bad)}`, {
        headers: authed(s.base.token),
      });
      await expectError(response, [400, 422], what);
    }
    expect(await listAnnotations(request, world.orgToken)).toEqual(before);
    // The cursor of one caller's list works for another (it is a position, not a permission):
    // the bystander still sees only what they may see.
    const bystander = await member(request, world, "ANNOTATOR_FULL");
    expect(await expectJson(await request.get(next, { headers: authed(bystander.token) }), 200)).toEqual([]);
  });
});
