// Users page benchmark: the time to interactive of /users (the web app's users table) in an
// organisation of USERS (default 5,000) users, and the latency of the API list behind it.
//
// A private server (e2e/support/server.ts privateServer: scripts/serve.ts on the current build,
// its own SQLite file); a tenant, an organisation and its administrator (ORGANISATION role,
// a username and password) through the API; USERS students written straight into the server's
// SQLite file through the generated Prisma client (createMany, as bench/progress seeds: the API
// creates about 45 users a second here, 2 minutes for 5,000). Debian's Chromium (the flags of playwright.config.ts) signs in
// through the sign-in page once; then RUNS (default 5) times a fresh tab opens /users and the
// time is taken from navigation start (performance.timeOrigin) until the table holds its first
// page, rendered by the hydrated client (its `data-ready="true"`, set once the list query has
// settled), and a click on a sort header is answered by a new server request (interactive).
// The first run is the first visit of /users (its page chunk uncached); the median is over all runs. Then GET /api/users
// (perPage=20, sort=lastName as the page asks, and sort=created): 3 warm-up + REQUESTS (20) timed.
//
//   npx tsx bench/web/users-page-bench.ts
//   BENCH_USERS=1000 BENCH_RUNS=3 BENCH_PORT=4941 npx tsx bench/web/users-page-bench.ts
// Build the app first: `npx tsx scripts/prepare.ts`. Prints figures; asserts nothing.

import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { privateServer, seedOrganisation, serverCall, serverToken } from "../../e2e/support/server";
import { PrismaClient as SqliteClient } from "../../lib/db/generated/sqlite/client";
import { ns } from "../../lib/db/ids";

const USERS = Number(process.env.BENCH_USERS ?? 5000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 4940);
const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const root = path.resolve(import.meta.dirname, "../..");
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)];
const ms = (x: number) => `${x.toFixed(0)} ms`;

if (!fs.existsSync(path.join(root, ".next/BUILD_ID")))
  throw new Error("The app is not built: run `npx tsx scripts/prepare.ts` first");

const server = await privateServer(PORT, { BACKGROUND_JOBS: "false" });
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: FLAGS });
try {
  const { org } = await seedOrganisation(server, "bench", "bench");
  const json = (data: unknown) => JSON.stringify(data);
  const admin = await serverCall<{ id: string }>(
    server,
    "POST",
    "/users",
    org,
    json({ firstName: "Ada", infix: null, lastName: "Admin", roles: ["ORGANISATION"] }),
    "application/json",
  );
  const asAdmin = await serverToken(
    server,
    { grant_type: "client_credentials", scope: `tenant/bench/organisation/bench/student/${admin.id}` },
    org,
  );
  const password = "bench-admin-password-1";
  await serverCall(
    server,
    "POST",
    "/user/basicauths",
    asAdmin,
    json({ username: "ada", password }),
    "application/json",
  );

  const t0 = performance.now();
  const prisma = new SqliteClient({
    adapter: new PrismaBetterSQLite3({ url: `file:${path.join(server.dataDir, "app.db")}`, timeout: 10_000 }),
  });
  try {
    const tenant = await prisma.tenant.findUniqueOrThrow({ where: { id: "bench" } });
    const organisation = await prisma.organisation.findUniqueOrThrow({
      where: { tenantPk_id: { tenantPk: tenant.pk, id: "bench" } },
    });
    const users = Array.from({ length: USERS }, (_, i) => ({
      pk: randomUUID(),
      ns: ns.organisation(organisation.pk),
      id: randomUUID(),
      level: "organisation",
      tenantPk: tenant.pk,
      organisationPk: organisation.pk,
      firstName: `First${i % 97}`,
      infix: i % 5 ? null : "van",
      lastName: `Last${String((i * 7919) % USERS).padStart(5, "0")}`,
      // Spread over a day, as users are created over time.
      created: new Date(Date.now() - (USERS - i) * 17_000),
    }));
    for (let i = 0; i < users.length; i += 1000) {
      const part = users.slice(i, i + 1000);
      await prisma.user.createMany({ data: part });
      await prisma.userRole.createMany({ data: part.map((u) => ({ userPk: u.pk, roleName: "STUDENT" })) });
    }
  } finally {
    await prisma.$disconnect();
  }
  console.log(
    `seeded ${USERS} users (Prisma createMany on the server's SQLite file) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto("/sign-in");
  await page.getByText("Organisation user", { exact: true }).click();
  await page.getByLabel("Tenant id").fill("bench");
  await page.getByLabel("Organisation id").fill("bench");
  await page.getByLabel("Username").fill("ada");
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("heading", { name: "Dashboard" }).waitFor();
  await page.close();

  // Records when the table first says it is ready (a MutationObserver, so no polling delay).
  await context.addInitScript(() => {
    const w = window as unknown as { __usersReady?: number };
    new MutationObserver(() => {
      if (w.__usersReady === undefined && document.querySelector('[data-testid="users-table"][data-ready="true"]'))
        w.__usersReady = performance.now();
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-ready"] });
  });
  const times: number[] = [];
  const clicks: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const tab = await context.newPage();
    await tab.goto("/users", { waitUntil: "commit" });
    await tab.locator('[data-testid="users-table"][data-ready="true"]').waitFor({ timeout: 60_000 });
    const rows = await tab.locator('[data-testid="users-table"] tbody tr').count();
    // The moment the table became ready, in the page's own clock (0 = navigation start).
    const ready = await tab.evaluate(() => (window as unknown as { __usersReady: number }).__usersReady);
    const header = tab.getByRole("columnheader", { name: /Created/ }).getByRole("button");
    const clickStart = await tab.evaluate(() => performance.now());
    const request = tab.waitForRequest((r) => r.url().includes("/api/users?") && r.url().includes("sort=created"));
    await header.click();
    await request;
    await tab.locator('[data-testid="users-table"][data-ready="true"]').waitFor();
    const answered = await tab.evaluate(() => performance.now());
    times.push(ready);
    clicks.push(answered - clickStart);
    console.log(
      `run ${run}${run === 1 ? " (first visit of /users)" : ""}: table ready and interactive at ${ms(ready)} after navigation start (${rows} rows); a sort click answered in ${ms(answered - clickStart)}`,
    );
    await tab.close();
  }
  console.log(
    `users page, ${USERS} users: median time to interactive ${ms(median(times))} over ${RUNS} runs (min ${ms(Math.min(...times))}, max ${ms(Math.max(...times))}); sort click median ${ms(median(clicks))}`,
  );

  const token = await serverToken(server, {
    grant_type: "password",
    username: "ada",
    password,
    scope: "tenant/bench/organisation/bench/user/ada",
  });
  for (const query of ["sort=lastName&direction=asc", "sort=created&direction=desc"]) {
    const url = `${server.url}/api/users?${query}&perPage=20`;
    const headers = { Authorization: `Bearer ${token}` };
    const lat: number[] = [];
    for (let i = 0; i < 3 + REQUESTS; i++) {
      const start = performance.now();
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${url} → ${response.status}`);
      if (i >= 3) lat.push(performance.now() - start);
    }
    console.log(
      `GET /api/users?${query}&perPage=20: median ${lat.length ? median(lat).toFixed(1) : "-"} ms, p95 ${p95(lat).toFixed(1)} ms (${REQUESTS} requests)`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
