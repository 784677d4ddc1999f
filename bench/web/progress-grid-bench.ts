// Progress grid benchmark: time to interactive of /progress for BENCH_USERS (default 1,000)
// students × BENCH_CHALLENGES (default 50) challenges, in Debian's Chromium (headless, the
// flags of playwright.config.ts) against a private built server (e2e/support/server.ts).
//
// Seed: the organisation, a teacher with a password, the speech challenges (half in a root
// category, half in a nested child), a group and its link to the category through the API;
// the students, their group membership and role, and their result sets and recordings (about
// BENCH_COVERAGE = 0.6 of the cells, 1 or 2 recordings each) directly through the Prisma client
// into the server's SQLite file (as bench/progress/progress-bench.ts does).
//
// Each run: a fresh browser context holding the signed-in session (cold HTTP cache), navigate
// to /progress?category=root&group=class, and measure from navigation start (performance
// timeOrigin) until the grid carries data-ready="true" (rows rendered, click handler live):
// stamped in the page by a MutationObserver (PAGE_SCRIPT). Then one click on a recorded cell until it shows
// as selected; the grid's own time to interactive on the loaded page: the role filter changed,
// so that a new grid is asked for, parsed and rendered, until its first row is on screen; and a
// jump to the last rows until they are rendered; then the page loaded again in the same context
// (its scripts cached, as for a returning teacher). One warm-up run, then BENCH_RUNS (default 5),
// each also without the early requests; medians printed, plus the progress request's own time:
// from Node (bearer token, and the session cookie as the page sends it) and from the browser's
// resource timing. The page reads our compact GET /api/categories/:id/progress/grid
// (lib/progress/grid.ts).
//
// The page load includes the app's start (scripts, hydration, who the view is), whatever the
// grid's size: BENCH_USERS=10 BENCH_CHALLENGES=5 shows that floor.
//
//   npx tsx bench/web/progress-grid-bench.ts          (build first: npx tsx scripts/prepare.ts)
//   BENCH_USERS=200 BENCH_CHALLENGES=20 npx tsx bench/web/progress-grid-bench.ts
// Looking closer: BENCH_TRACE=1 prints each run's requests and long tasks; BENCH_CHROME_TRACE=1
// (the page load) or =switch (the new grid) the main thread's work from a Chromium trace;
// BENCH_PROFILE=1 or =switch the heaviest JavaScript functions; BENCH_KEEP_DB=<file> keeps a copy
// of the seeded database.
// Prints figures; asserts nothing.
import { randomUUID } from "node:crypto";
import path from "node:path";
import { type Browser, chromium } from "@playwright/test";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { type PrivateServer, privateServer, seedOrganisation, serverCall, serverToken } from "../../e2e/support/server";
import { PrismaClient } from "../../lib/db/generated/sqlite/client";
import { progressRows } from "../progress/progress-rows";
import { printProfile, printTrace } from "./browser-profile";

const USERS = Number(process.env.BENCH_USERS ?? 1000);
const CHALLENGES = Number(process.env.BENCH_CHALLENGES ?? 50);
const COVERAGE = Number(process.env.BENCH_COVERAGE ?? 0.6);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 4910);
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const PROFILE = process.env.BENCH_PROFILE === "1";
const PROFILE_SWITCH = process.env.BENCH_PROFILE === "switch";
const TRACE = process.env.BENCH_TRACE === "1";
const CHROME_TRACE = process.env.BENCH_CHROME_TRACE === "1";
const CHROME_TRACE_SWITCH = process.env.BENCH_CHROME_TRACE === "switch";

const TEACHER = { username: "bench-teacher", password: "bench-teacher-password-1" };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => `${x.toFixed(0)} ms`;
const json = (data: unknown) => JSON.stringify(data);

async function seed(server: PrivateServer) {
  const { org } = await seedOrganisation(server, "bench", "bench");
  const call = <T>(method: string, url: string, body?: unknown) =>
    serverCall<T>(server, method, url, org, body === undefined ? undefined : json(body), "application/json");
  const ids = Array.from({ length: CHALLENGES }, (_, i) => `c${String(i).padStart(3, "0")}`);
  for (const id of ids) {
    const form = new FormData();
    form.append("id", id);
    form.append("topic", `Challenge ${id}`);
    form.append("language", "eng");
    await serverCall(server, "POST", "/challenges/speech", org, form);
  }
  const half = Math.ceil(CHALLENGES / 2);
  await call("POST", "/categories", { id: "root", name: "Root", speechChallenges: ids.slice(0, half) });
  await call("POST", "/categories", { id: "child", name: "Child", parent: "root", speechChallenges: ids.slice(half) });
  await call("POST", "/groups", { id: "class", name: "Class", categories: ["root"] });
  const teacher = await call<{ id: string }>("POST", "/users", {
    firstName: "Bench",
    infix: null,
    lastName: "Teacher",
    roles: ["TEACHER"],
  });
  const orgScope = "tenant/bench/organisation/bench";
  const asTeacher = await serverToken(
    server,
    { grant_type: "client_credentials", scope: `${orgScope}/student/${teacher.id}` },
    org,
  );
  await serverCall(server, "POST", "/user/basicauths", asTeacher, json(TEACHER), "application/json");

  // The bulk: straight into the server's database.
  const db = new PrismaClient({
    adapter: new PrismaBetterSQLite3({ url: `file:${path.join(server.dataDir, "app.db")}` }),
  });
  try {
    const model = await db.user.findFirstOrThrow({
      where: { id: teacher.id },
      select: { ns: true, tenantPk: true, organisationPk: true, level: true },
    });
    const ns = model.ns;
    const groupPk = (await db.group.findFirstOrThrow({ where: { ns, id: "class" }, select: { pk: true } })).pk;
    const challenges = await db.speechChallenge.findMany({ where: { ns }, select: { pk: true } });
    const users = Array.from({ length: USERS }, (_, i) => ({
      pk: randomUUID(),
      ns,
      id: `u${i}`,
      level: model.level,
      tenantPk: model.tenantPk,
      organisationPk: model.organisationPk,
      firstName: `First${i % 97}`,
      infix: null,
      lastName: `Student${String(i).padStart(5, "0")}`,
    }));
    await db.user.createMany({ data: users });
    await db.userRole.createMany({ data: users.map((u) => ({ userPk: u.pk, roleName: "STUDENT" })) });
    await db.groupMember.createMany({ data: users.map((u) => ({ groupPk, userPk: u.pk })) });
    const { sets, recordings } = progressRows(ns, users, challenges, COVERAGE, Date.now() - 30 * 86_400_000);
    for (let i = 0; i < sets.length; i += 2000) await db.resultSet.createMany({ data: sets.slice(i, i + 2000) });
    for (let i = 0; i < recordings.length; i += 2000)
      await db.speechRecording.createMany({ data: recordings.slice(i, i + 2000) });
    // BENCH_KEEP_DB=<file>: a copy of the seeded database, to profile the server's read in process.
    if (process.env.BENCH_KEEP_DB)
      await db.$executeRawUnsafe(`VACUUM INTO '${process.env.BENCH_KEEP_DB.replaceAll("'", "''")}'`);
    return { sets: sets.length, recordings: recordings.length };
  } finally {
    await db.$disconnect();
  }
}

async function signedInState(browser: Browser, url: string) {
  const context = await browser.newContext({ baseURL: url });
  const page = await context.newPage();
  await page.goto("/sign-in");
  await page.getByText("Organisation user", { exact: true }).click();
  await page.getByLabel("Tenant id").fill("bench");
  await page.getByLabel("Organisation id").fill("bench");
  await page.getByLabel("Username").fill(TEACHER.username);
  await page.getByLabel("Password").fill(TEACHER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("heading", { name: "Dashboard" }).waitFor();
  const state = await context.storageState();
  await context.close();
  return state;
}

// In the page (a string: tsx would wrap functions passed to page.evaluate in helpers the page lacks).
// ready: when the grid first carries data-ready="true"; click: a click on a recorded cell until it
// shows as selected (a committed React update); jump: scrolled to the end until the last row is on screen.
const PAGE_SCRIPT = `
window.__bench = { long: [] };
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__bench.long.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: "longtask", buffered: true });
new MutationObserver(() => {
  if (window.__bench.ready === undefined && document.querySelector('[data-testid="progress-grid"][data-ready="true"]')) window.__bench.ready = performance.now();
}).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-ready"] });
window.__bench.timing = () => {
  const nav = performance.getEntriesByType("navigation")[0];
  const api = performance.getEntriesByType("resource").find((e) => e.name.includes("/progress/grid?"));
  return {
    ready: window.__bench.ready,
    domContentLoaded: nav.domContentLoadedEventEnd,
    htmlFirstByte: nav.responseStart,
    htmlEnd: nav.responseEnd,
    htmlBytes: nav.decodedBodySize,
    scriptsEnd: Math.max(0, ...performance.getEntriesByType("resource").filter((e) => e.initiatorType === "script").map((e) => e.responseEnd)),
    apiInBrowser: api ? api.responseEnd - api.startTime : NaN,
    apiStart: api ? api.startTime : NaN,
    afterApi: api ? window.__bench.ready - api.responseEnd : NaN,
    apiBytes: api ? api.encodedBodySize : NaN,
    rows: Number(document.querySelector('[data-testid="progress-grid"]').getAttribute("data-rows")),
    rendered: document.querySelectorAll('[data-testid="progress-grid"] [data-pos]').length,
    requests: performance.getEntriesByType("resource").map((e) => [e.name.replace(location.origin, "").slice(0, 70), Math.round(e.startTime), Math.round(e.responseEnd)]),
    long: window.__bench.long,
  };
};
window.__bench.click = () => new Promise((resolve) => {
  const button = document.querySelector('[data-state="recorded"]');
  const t0 = performance.now();
  new MutationObserver((_, observer) => {
    if (button.getAttribute("aria-selected") === "true") { observer.disconnect(); resolve(performance.now() - t0); }
  }).observe(button, { attributes: true });
  button.click();
});
window.__bench.anyRole = () => new Promise((resolve) => {
  const select = [...document.querySelectorAll("select")].find((s) => [...s.options].some((o) => o.value === "*"));
  const grid = () => document.querySelector('[data-testid="progress-grid"]');
  const before = grid();
  const t0 = performance.now();
  Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, "value").set.call(select, "*");
  select.dispatchEvent(new Event("change", { bubbles: true }));
  // The new answer replaces the grid (a loading state in between): a new element, ready, its first row on screen.
  const check = () => {
    const g = grid();
    if (g && g !== before && g.getAttribute("data-ready") === "true" && g.querySelector('[aria-rowindex="3"] [data-pos]')) {
      window.__bench.anyRoleParts = performance.getEntriesByType("resource").filter((e) => e.startTime >= t0).map((e) => [e.name.replace(location.origin, "").slice(0, 60), Math.round(e.startTime - t0), Math.round(e.responseEnd - t0)]);
      resolve(performance.now() - t0);
    }
    else if (performance.now() - t0 > 60000) resolve(NaN);
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
});
window.__bench.jump = (last) => new Promise((resolve) => {
  const grid = document.querySelector('[data-testid="progress-grid"]');
  const t0 = performance.now();
  grid.scrollTop = grid.scrollHeight;
  const check = () => (grid.querySelector('[aria-rowindex="' + last + '"]') ? resolve(performance.now() - t0) : requestAnimationFrame(check));
  check();
});
`;

type Run = {
  again: number;
  rendered: number;
  anyRole: number;
  requests: [string, number, number][];
  long: [number, number][];
  ready: number;
  domContentLoaded: number;
  htmlFirstByte: number;
  htmlEnd: number;
  htmlBytes: number;
  scriptsEnd: number;
  apiInBrowser: number;
  apiStart: number;
  afterApi: number;
  apiBytes: number;
  click: number;
  jump: number;
  rows: number;
};

async function run(
  browser: Browser,
  url: string,
  state: Awaited<ReturnType<typeof signedInState>>,
  early = true,
): Promise<Run> {
  const context = await browser.newContext({
    baseURL: url,
    storageState: state,
    viewport: { width: 1440, height: 900 },
  });
  const page = await context.newPage();
  await page.addInitScript({ content: PAGE_SCRIPT + (early ? "" : "window.__earlyRequestsOff = true;") });
  // The seeded recordings have no audio files behind them: playback is not what is measured.
  await context.route(/\/api\/(resultsets|download)\//, (route) => route.abort());
  // BENCH_PROFILE=1: the page's JavaScript profiled from navigation until ready, its heaviest functions printed.
  const cdp = PROFILE && early ? await context.newCDPSession(page) : null;
  if (cdp) {
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    await cdp.send("Profiler.start");
  }
  const tracing = CHROME_TRACE && early;
  if (tracing)
    await browser.startTracing(page, {
      categories: [
        "devtools.timeline",
        "v8",
        "v8.execute",
        "blink",
        "loading",
        "disabled-by-default-devtools.timeline",
      ],
    });
  await page.goto("/progress?category=root&group=class", { waitUntil: "commit" });
  // A function, not a string: the app's Content-Security-Policy forbids the eval a string predicate needs.
  await page.waitForFunction(
    () => (window as unknown as { __bench: { ready?: number } }).__bench.ready !== undefined,
    undefined,
    { timeout: 120_000 },
  );
  if (cdp) printProfile((await cdp.send("Profiler.stop")).profile);
  const timing = (await page.evaluate("window.__bench.timing()")) as Omit<Run, "click" | "jump" | "anyRole" | "again">;
  if (tracing) printTrace(await browser.stopTracing(), timing.ready);
  const click = (await page.evaluate("window.__bench.click()")) as number;
  // Before the jump: the new grid's first rows are then on screen.
  // BENCH_PROFILE=switch: the same for the new grid on the loaded page.
  const switchCdp = PROFILE_SWITCH && early ? await context.newCDPSession(page) : null;
  if (switchCdp) {
    await switchCdp.send("Profiler.enable");
    await switchCdp.send("Profiler.setSamplingInterval", { interval: 200 });
    await switchCdp.send("Profiler.start");
  }
  if (CHROME_TRACE_SWITCH && early)
    await browser.startTracing(page, {
      categories: [
        "devtools.timeline",
        "v8",
        "v8.execute",
        "blink",
        "loading",
        "disabled-by-default-devtools.timeline",
      ],
    });
  const anyRole = (await page.evaluate("window.__bench.anyRole()")) as number;
  if (TRACE)
    console.log(
      `  new grid: requests after the change (path, sent, answered in ms): ${(await page.evaluate("JSON.stringify(window.__bench.anyRoleParts)")) as string}`,
    );
  if (CHROME_TRACE_SWITCH && early) printTrace(await browser.stopTracing(), anyRole, false);
  if (switchCdp) printProfile((await switchCdp.send("Profiler.stop")).profile);
  const jump = (await page.evaluate(`window.__bench.jump(${timing.rows + 2})`)) as number;
  // The same page loaded again in the same context: scripts from the HTTP cache (and V8's code
  // cache), as for a teacher who opened it before; the grid is asked for again.
  await page.goto("/progress?category=root&group=class", { waitUntil: "commit" });
  await page.waitForFunction(
    () => (window as unknown as { __bench: { ready?: number } }).__bench.ready !== undefined,
    undefined,
    { timeout: 120_000 },
  );
  const again = (await page.evaluate("window.__bench.ready")) as number;
  await context.close();
  return { ...timing, click, jump, anyRole, again };
}

const server = await privateServer(PORT, { LOG_LEVEL: "warn" });
try {
  const t0 = performance.now();
  const seeded = await seed(server);
  console.log(
    `seeded ${USERS} students × ${CHALLENGES} challenges: ${seeded.sets} result sets, ${seeded.recordings} recordings in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  // The keep-alive connection went idle during the seeding and the server may have closed it: one throw-away call.
  await fetch(`${server.url}/api/health`).catch(() => undefined);
  const teacherToken = await serverToken(server, {
    grant_type: "password",
    username: TEACHER.username,
    password: TEACHER.password,
    scope: `tenant/bench/organisation/bench/user/${TEACHER.username}`,
  });
  const apiTimes: number[] = [];
  let bytes = 0;
  for (let i = 0; i <= RUNS; i++) {
    const t = performance.now();
    const response = await fetch(`${server.url}/api/categories/root/progress/grid?group=class&role=STUDENT`, {
      headers: { Authorization: `Bearer ${teacherToken}` },
    });
    const body = await response.text();
    if (!response.ok) throw new Error(`progress → ${response.status} ${body.slice(0, 200)}`);
    if (i > 0) apiTimes.push(performance.now() - t); // the first call warms the server up
    bytes = body.length;
  }
  console.log(
    `API GET /categories/root/progress/grid (Node, bearer): median ${ms(median(apiTimes))} of ${RUNS} warm calls [${apiTimes.map(ms).join(", ")}], ${(bytes / 1024 / 1024).toFixed(1)} MB`,
  );

  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
  try {
    const state = await signedInState(browser, server.url);
    // The same request as the page makes it: the session cookie, not a bearer token.
    const cookie = state.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    const cookieTimes: number[] = [];
    for (let i = 0; i <= RUNS; i++) {
      const t = performance.now();
      const response = await fetch(`${server.url}/api/categories/root/progress/grid?group=class&role=STUDENT`, {
        headers: { Cookie: cookie, "X-Requested-With": "fetch" },
      });
      await response.text();
      if (!response.ok) throw new Error(`progress (session cookie) → ${response.status}`);
      if (i > 0) cookieTimes.push(performance.now() - t);
    }
    console.log(
      `API GET /categories/root/progress/grid (Node, session cookie): median ${ms(median(cookieTimes))} of ${RUNS} warm calls [${cookieTimes.map(ms).join(", ")}]`,
    );
    await run(browser, server.url, state); // warm-up
    // Each run also without the early requests (lib/web/early/), the page as it was before them, in
    // turns, so that both see the same load of this shared machine.
    const runs: Run[] = [];
    const without: Run[] = [];
    for (let turn = 0; turn < RUNS * 2; turn++) {
      const i = Math.floor(turn / 2);
      const early = (turn + i) % 2 === 0;
      const r = await run(browser, server.url, state, early);
      (early ? runs : without).push(r);
      // BENCH_TRACE=1: the page's requests (start → end) and long tasks (start + duration), in ms from navigation.
      if (TRACE)
        console.log(
          `  requests: ${r.requests.map(([n, a, b]) => `${n} ${a}→${b}`).join("; ")}\n  long tasks: ${r.long.map(([a, d]) => `${a}+${d}`).join(", ")}`,
        );
      console.log(
        `run ${i + 1}${early ? "" : " without early requests"}: interactive ${ms(r.ready)} (page HTML first byte ${ms(r.htmlFirstByte)}, last byte ${ms(r.htmlEnd)}, ${(r.htmlBytes / 1024).toFixed(0)} kB; DOMContentLoaded ${ms(r.domContentLoaded)}; scripts loaded ${ms(r.scriptsEnd)}; progress request sent at ${ms(r.apiStart)} and took ${ms(r.apiInBrowser)}, ` +
          `parse + render after it ${ms(r.afterApi)}; ${r.rows} rows, ${r.rendered} positions rendered); ` +
          `click → selected ${ms(r.click)}; jump to last row ${ms(r.jump)}; another grid (any role) on the loaded page ${ms(r.anyRole)}; the page loaded again (cached scripts) ${ms(r.again)}`,
      );
    }
    console.log(
      `progress grid ${USERS} students × ${CHALLENGES} challenges: time to interactive median ${ms(median(runs.map((r) => r.ready)))} of ${RUNS} runs; ` +
        `progress request in the browser median ${ms(median(runs.map((r) => r.apiInBrowser)))}; parse + render after it median ${ms(median(runs.map((r) => r.afterApi)))}; click median ${ms(median(runs.map((r) => r.click)))}; ` +
        `jump to last row median ${ms(median(runs.map((r) => r.jump)))}`,
    );
    console.log(
      `  the page loaded again in the same browser context (scripts cached): time to interactive median ${ms(median(runs.map((r) => r.again)))} of ${RUNS}`,
    );
    console.log(
      `  the grid's own time to interactive, on the loaded page (the role filter set to any role: a new request for the same ${USERS} rows, parsed and rendered): median ${ms(median([...runs, ...without].map((r) => r.anyRole)))} of ${RUNS * 2}`,
    );
    console.log(
      `  the same runs' turns without early requests: time to interactive median ${ms(median(without.map((r) => r.ready)))}; parse + render after the request median ${ms(median(without.map((r) => r.afterApi)))}`,
    );
  } finally {
    await browser.close();
  }
} catch (error) {
  console.error(`server log:\n${server.log().slice(-3000)}`);
  throw error;
} finally {
  await server.stop();
}
