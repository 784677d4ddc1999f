// Reading views benchmark (issue 25): time to interactive of a group's fluency view
// (/reading/groups/:group) and of one attempt's review screen (/reading/attempts/:feedback) for
// BENCH_STUDENTS (default 30) students × BENCH_ATTEMPTS (default 20) read-aloud attempts of
// BENCH_WORDS (default 150) words, in Debian's Chromium (headless) against a private built server
// (e2e/support/server.ts). Targets: the group view ≤ 800 ms and the review ≤ 600 ms (median) once
// the app has loaded.
//
// Seed: the organisation, a teacher with a password, the speech challenges and the group through
// the API; the students, their membership and role, their result sets and feedback (words with
// labels and timings, a few corrections) straight into the server's SQLite file. The feedback has
// no audio behind it: playback is not what is measured.
//
// "Once the app has loaded": a warm-up load first; then each run loads the group view again in
// the same browser context (scripts cached) and measures from navigation start until the view
// carries data-ready="true"; then clicks an attempt's link (in-app navigation) until the review's
// passage is on screen; then loads the review page itself again. Medians of BENCH_RUNS (default 5)
// printed, with the API's own times from Node. Prints figures; asserts nothing.
//
//   npx tsx bench/web/reading-views-bench.ts        (build first: npm run build)
import { randomUUID } from "node:crypto";
import path from "node:path";
import { chromium } from "@playwright/test";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { type PrivateServer, privateServer, seedOrganisation, serverCall, serverToken } from "../../e2e/support/server";
import { PrismaClient } from "../../lib/db/generated/sqlite/client";
import { figuresOf } from "../../lib/reading/figures-cache";

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 30);
const ATTEMPTS = Number(process.env.BENCH_ATTEMPTS ?? 20);
const WORDS = Number(process.env.BENCH_WORDS ?? 150);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 7209);
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--no-first-run",
  "--disable-background-networking",
];
const TEACHER = { username: "bench-teacher", password: "bench-teacher-password-1" };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => `${x.toFixed(0)} ms`;
const json = (data: unknown) => JSON.stringify(data);

/** A deterministic pseudo-random stream (the same seed every run). */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const VOCABULARY =
  "the a dog cat ran home through rough quickly yesterday garden river little morning bright window".split(" ");

function sentencesOf(random: () => number) {
  const words = [];
  let at = 300;
  for (let i = 0; i < WORDS; i++) {
    const expected = VOCABULARY[Math.floor(random() * VOCABULARY.length)]!;
    const r = random();
    const label = r < 0.85 ? "CW" : r < 0.9 ? "SW" : r < 0.93 ? "DW" : r < 0.96 ? "PC" : "SC";
    const heard = label !== "DW";
    words.push({
      sentenceIndex: Math.floor(i / 15),
      textIndex: i,
      expected: label === "SC" ? "" : expected,
      recognized: heard ? (label === "SW" ? "something" : expected) : null,
      label,
      description: label,
      explanation: "",
      startTiming: at,
      endTiming: heard ? at + 320 : at,
      confidence: heard ? Math.round(random() * 100) / 100 : null,
    });
    if (heard) at += 380 + Math.floor(random() * 200);
  }
  const sentences = [];
  for (let s = 0; s * 15 < WORDS; s++) {
    sentences.push({
      sentence: s,
      errors: 0,
      confidence: null,
      currentFrame: null,
      eosFrame: null,
      sessionId: "",
      tokenType: "EOS",
      words: words.slice(s * 15, s * 15 + 15),
    });
  }
  return sentences;
}

async function seed(server: PrivateServer) {
  const { org } = await seedOrganisation(server, "bench", "bench");
  const call = <T>(method: string, url: string, body?: unknown) =>
    serverCall<T>(server, method, url, org, body === undefined ? undefined : json(body), "application/json");
  const challengeIds = Array.from({ length: ATTEMPTS }, (_, i) => `text${String(i).padStart(2, "0")}`);
  for (const id of challengeIds) {
    const form = new FormData();
    form.append("id", id);
    form.append("topic", `Passage ${id}`);
    form.append("language", "eng");
    await serverCall(server, "POST", "/challenges/speech", org, form);
  }
  await call("POST", "/groups", { id: "class", name: "Grade 3", categories: [] });
  await call("PUT", "/groups/class/reading-bands", {
    bands: [
      { name: "Needs support", belowWcpm: 60 },
      { name: "Developing", belowWcpm: 90 },
    ],
  });
  const teacher = await call<{ id: string }>("POST", "/users", {
    firstName: "Bench",
    infix: null,
    lastName: "Teacher",
    roles: ["TEACHER"],
  });
  const asTeacher = await serverToken(
    server,
    { grant_type: "client_credentials", scope: `tenant/bench/organisation/bench/student/${teacher.id}` },
    org,
  );
  await serverCall(server, "POST", "/user/basicauths", asTeacher, json(TEACHER), "application/json");

  const db = new PrismaClient({
    adapter: new PrismaBetterSQLite3({ url: `file:${path.join(server.dataDir, "app.db")}` }),
  });
  try {
    const model = await db.user.findFirstOrThrow({
      where: { id: teacher.id },
      select: { pk: true, ns: true, tenantPk: true, organisationPk: true, level: true },
    });
    const ns = model.ns;
    const groupPk = (await db.group.findFirstOrThrow({ where: { ns, id: "class" }, select: { pk: true } })).pk;
    const challenges = await db.speechChallenge.findMany({
      where: { ns },
      select: { pk: true },
      orderBy: { id: "asc" },
    });
    const users = Array.from({ length: STUDENTS }, (_, i) => ({
      pk: randomUUID(),
      ns,
      id: `u${i}`,
      level: model.level,
      tenantPk: model.tenantPk,
      organisationPk: model.organisationPk,
      firstName: `First${i}`,
      infix: null,
      lastName: `Student${String(i).padStart(3, "0")}`,
    }));
    await db.user.createMany({ data: users });
    await db.userRole.createMany({ data: users.map((u) => ({ userPk: u.pk, roleName: "STUDENT" })) });
    await db.groupMember.createMany({ data: users.map((u) => ({ groupPk: groupPk, userPk: u.pk })) });
    const random = rng(25);
    const start = Date.now() - ATTEMPTS * 7 * 86_400_000;
    const sets = [];
    const feedback = [];
    const corrections = [];
    for (const u of users) {
      for (let a = 0; a < ATTEMPTS; a++) {
        const setPk = randomUUID();
        const created = new Date(start + a * 7 * 86_400_000 + Math.floor(random() * 86_400_000));
        sets.push({ pk: setPk, ns, id: randomUUID(), userPk: u.pk, challengePk: challenges[a]!.pk, created });
        const pk = randomUUID();
        const sentences = sentencesOf(random);
        const corrected =
          a % 4 === 0
            ? [
                {
                  pk: randomUUID(),
                  feedbackPk: pk,
                  seq: 1,
                  sentence: 0,
                  word: 1,
                  label: "CW",
                  previousLabel: "SW",
                  byPk: model.pk,
                  created,
                },
              ]
            : [];
        corrections.push(...corrected);
        feedback.push({
          pk,
          ns,
          id: `fb-${u.id}-${a}`,
          challengePk: challenges[a]!.pk,
          userPk: u.pk,
          resultSetPk: setPk,
          audioFilePk: randomUUID(),
          sentences: json(sentences),
          extra: json({ engine: "pocketsphinx" }),
          // What the app stores with the feedback and its corrections.
          readingFigures: json(figuresOf(sentences, corrected)),
          created,
        });
      }
    }
    for (let i = 0; i < sets.length; i += 500) await db.resultSet.createMany({ data: sets.slice(i, i + 500) });
    for (let i = 0; i < feedback.length; i += 100) await db.feedback.createMany({ data: feedback.slice(i, i + 100) });
    await db.feedbackCorrection.createMany({ data: corrections });
    return { feedback: feedback.length };
  } finally {
    await db.$disconnect();
  }
}

// Stamps (ms from navigation start) of the first moment each view is interactive.
const PAGE_SCRIPT = `
window.__bench = {};
new MutationObserver(() => {
  const b = window.__bench;
  if (b.group === undefined && document.querySelector('[data-testid="group-fluency"][data-ready="true"]')) b.group = performance.now();
  if (b.review === undefined && document.querySelector('[data-testid="passage"] [data-testid="passage-word"]')) b.review = performance.now();
}).observe(document, { subtree: true, childList: true, attributes: true });
`;

const server = await privateServer(PORT, { LOG_LEVEL: "warn" });
try {
  const t0 = performance.now();
  const seeded = await seed(server);
  console.log(
    `seeded ${STUDENTS} students × ${ATTEMPTS} attempts of ${WORDS} words: ${seeded.feedback} feedback rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  await fetch(`${server.url}/api/health`).catch(() => undefined);
  const token = await serverToken(server, {
    grant_type: "password",
    username: TEACHER.username,
    password: TEACHER.password,
    scope: `tenant/bench/organisation/bench/user/${TEACHER.username}`,
  });
  for (const [what, url] of [
    ["GET /groups/class/reading", "/api/groups/class/reading"],
    ["GET /feedback/:id/review", "/api/feedback/fb-u0-0/review"],
  ] as const) {
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i <= RUNS; i++) {
      const t = performance.now();
      const response = await fetch(`${server.url}${url}`, { headers: { Authorization: `Bearer ${token}` } });
      const body = await response.text();
      if (!response.ok) throw new Error(`${what} → ${response.status} ${body.slice(0, 200)}`);
      if (i > 0) times.push(performance.now() - t);
      bytes = body.length;
    }
    console.log(
      `API ${what} (Node, bearer): median ${ms(median(times))} of ${RUNS} warm calls [${times.map(ms).join(", ")}], ${(bytes / 1024).toFixed(0)} kB`,
    );
  }

  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto("/sign-in");
    await page.getByText("Organisation user", { exact: true }).click();
    await page.getByLabel("Tenant id").fill("bench");
    await page.getByLabel("Organisation id").fill("bench");
    await page.getByLabel("Username").fill(TEACHER.username);
    await page.getByLabel("Password").fill(TEACHER.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    await page.addInitScript({ content: PAGE_SCRIPT });
    await context.route(/\/api\/download\//, (route) => route.abort());
    // Polled from Node (the page's CSP forbids evaluating strings in it, as waitForFunction would).
    const stamp = async (key: "group" | "review") => {
      const until = Date.now() + 60_000;
      for (;;) {
        const at = (await page.evaluate(`window.__bench && window.__bench.${key}`)) as number | undefined;
        if (typeof at === "number") return at;
        if (Date.now() > until) throw new Error(`${key} never became interactive`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    // Warm-up: the app's scripts and both pages once.
    await page.goto("/reading/groups/class");
    await stamp("group");
    await page.goto("/reading/attempts/fb-u0-0");
    await stamp("review");

    const group: number[] = [];
    const inApp: number[] = [];
    const review: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await page.goto("/reading/groups/class");
      group.push(await stamp("group"));
      // In-app navigation to an attempt's review: from the click until its passage is on screen.
      const started = (await page.evaluate("(window.__bench.review = undefined, performance.now())")) as number;
      await page
        .getByRole("link", { name: /^First\d+ Student\d+, / })
        .nth(i * 7)
        .click();
      inApp.push((await stamp("review")) - started);
      await page.goto(`/reading/attempts/fb-u${i}-${i}`);
      review.push(await stamp("review"));
      console.log(
        `run ${i + 1}: group view interactive ${ms(group.at(-1)!)}; review after a click on an attempt ${ms(inApp.at(-1)!)}; review page loaded ${ms(review.at(-1)!)}`,
      );
    }
    console.log(
      `group view (${STUDENTS} students × ${ATTEMPTS} attempts of ${WORDS} words), loaded with the app's scripts cached: median ${ms(median(group))} of ${RUNS} (target ≤ 800 ms)`,
    );
    console.log(
      `review screen (${WORDS} words) after a click in the app: median ${ms(median(inApp))}; loaded as a page (scripts cached): median ${ms(median(review))} of ${RUNS} (target ≤ 600 ms)`,
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
