// Annotation editor benchmark: a RECORDING_S (default 3,600) second recording of real speech
// (espeak-ng looped with sox, opusenc: lib/audio/test-audio.ts makeLongSpeech; about a minute)
// with FRAGMENTS (default 5,000) Words fragments, in the built app on a private server
// (e2e/support/server.ts privateServer, its own SQLite file). Seeding through the API: the
// organisation, a full annotator (username and password), a student who uploads the recording
// (ingest makes the normalised Ogg Opus and the peaks), an assignment and the annotation.
// Debian's Chromium (the flags of playwright.config.ts) signs in through the sign-in page once.
//
// Measured:
// - time to interactive, RUNS (default 5) fresh tabs at 1280×800: from navigation start
//   (performance.timeOrigin) until the waveform is drawn from the peaks and the lanes are
//   ready (`data-ready="true"`, seen by a MutationObserver); median and every run;
// - selecting a fragment at 25 px/s: from the pointer press until the box shows as selected
//   (aria-pressed, seen by a MutationObserver, plus the next animation frame);
// - a drag frame at 10 px/s over the densely packed words: a shared boundary dragged by the
//   mouse in DRAG_STEPS moves; per pointermove, the time from the event reaching the page until
//   React's render and the browser's style and layout are done (a listener after React's, then
//   a posted task that forces layout); p50 and p95;
// - the spectrogram of a 10-second window (100 px/s over a 1,000 px lane, the viewport sized to
//   give it; the load average is printed with it): from switching it
//   on or moving the view until it is drawn (`data-draw-ms`: fetching the server's 10 s tiles
//   that cover the window, which the server makes from the normalised audio on their first
//   request, then the pixels and the paint), at SPECTRO_RUNS new places, then at the same
//   places again (tiles already fetched).
//
//   npx tsx bench/web/editor-bench.ts
//   BENCH_SECONDS=600 BENCH_FRAGMENTS=1000 BENCH_PORT=4945 npx tsx bench/web/editor-bench.ts
//   BENCH_AUDIO=/tmp/long-3600s.opus npx tsx bench/web/editor-bench.ts   (a recording made before)
// Build the app first: `npx tsx scripts/prepare.ts`. Prints figures; asserts nothing.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { privateServer, seedOrganisation, serverCall, serverToken } from "../../e2e/support/server";
import { makeLongSpeech, missingAudioTools } from "../../lib/audio/test-audio";

const RECORDING_S = Number(process.env.BENCH_SECONDS ?? 3600);
const FRAGMENTS = Number(process.env.BENCH_FRAGMENTS ?? 5000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const DRAG_STEPS = Number(process.env.BENCH_DRAG_STEPS ?? 120);
const SPECTRO_RUNS = Number(process.env.BENCH_SPECTRO_RUNS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 4944);
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
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const median = (xs: number[]) => sorted(xs)[Math.floor(xs.length / 2)];
const p95 = (xs: number[]) => sorted(xs)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)];
const ms = (x: number) => `${x.toFixed(x < 20 ? 1 : 0)} ms`;
const json = (data: unknown) => JSON.stringify(data);
/** The machine's load next to each figure: these are shared cores. */
const load = () =>
  `load average ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}, ${os.cpus().length} cores`;

if (!fs.existsSync(path.join(root, ".next/BUILD_ID")))
  throw new Error("The app is not built: run `npx tsx scripts/prepare.ts` first");
const missing = await missingAudioTools();
if (missing.length) throw new Error(`audio tools missing: ${missing.join(", ")}`);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "editor-bench-"));
let t0 = performance.now();
// BENCH_AUDIO: an Ogg Opus file of RECORDING_S seconds made before (skips making one).
const audio = fs.readFileSync(process.env.BENCH_AUDIO ?? (await makeLongSpeech(dir, RECORDING_S, { format: "ogg" })));
console.log(
  `made ${RECORDING_S} s of speech as Ogg Opus (${(audio.length / 1e6).toFixed(1)} MB) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

const server = await privateServer(PORT, { BACKGROUND_JOBS: "false" });
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: FLAGS });
try {
  const { org, asStudent } = await seedOrganisation(server, "bench", "bench");
  const fay = await serverCall<{ id: string }>(
    server,
    "POST",
    "/users",
    org,
    json({ firstName: "Fay", infix: null, lastName: "Annotator", roles: ["ANNOTATOR_FULL"] }),
    "application/json",
  );
  const asFay = await serverToken(
    server,
    { grant_type: "client_credentials", scope: `tenant/bench/organisation/bench/student/${fay.id}` },
    org,
  );
  const password = "bench-annotator-password-1";
  await serverCall(server, "POST", "/user/basicauths", asFay, json({ username: "fay", password }), "application/json");

  const challenge = "bench-challenge";
  const form = new FormData();
  form.set("id", challenge);
  form.set("language", "eng");
  form.set("topic", "Read the text aloud");
  await serverCall(server, "POST", "/challenges/speech", org, form);
  t0 = performance.now();
  const upload = new FormData();
  upload.set("id", "bench-recording");
  upload.set("resultSetId", "bench-rs");
  upload.set("audio", new Blob([audio], { type: "audio/ogg" }), "long.opus");
  const recording = await serverCall<{ id: string }>(
    server,
    "POST",
    `/challenges/speech/${challenge}/recordings`,
    asStudent,
    upload,
  );
  console.log(`uploaded and ingested the recording in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const ref = { tenant: "bench", organisation: "bench", challenge, recording: recording.id };
  const assignment = await serverCall<{ id: number }>(
    server,
    "POST",
    "/assignments",
    org,
    json({ name: "Bench", fullAnnotator: fay.id, baseAnnotator: null, recordings: [ref] }),
    "application/json",
  );
  // Words over the whole recording: 70 % of each slot, every tenth pair touching (a shared boundary).
  const slot = RECORDING_S / FRAGMENTS;
  const fragments = Array.from({ length: FRAGMENTS }, (_, i) => {
    const start = i * slot;
    const end = i % 10 === 0 ? (i + 1) * slot : start + slot * 0.7;
    return {
      start: Math.round(start * 1000) / 1000,
      end: Math.round(end * 1000) / 1000,
      labels: [{ layer: "Words", label: `w${i}`, comment: "" }],
    };
  });
  const annotation = await serverCall<{ id: number; peaksUrl: string | null }>(
    server,
    "POST",
    "/annotations",
    asFay,
    json({ assignment: assignment.id, recording: ref, fragments }),
    "application/json",
  );
  console.log(`annotation ${annotation.id}: ${FRAGMENTS} Words fragments over ${RECORDING_S} s`);

  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
  const signIn = await context.newPage();
  await signIn.goto("/sign-in");
  await signIn.getByText("Organisation user", { exact: true }).click();
  await signIn.getByLabel("Tenant id").fill("bench");
  await signIn.getByLabel("Organisation id").fill("bench");
  await signIn.getByLabel("Username").fill("fay");
  await signIn.getByLabel("Password").fill(password);
  await signIn.getByRole("button", { name: "Sign in" }).click();
  await signIn.getByRole("heading", { name: "Dashboard" }).waitFor();
  await signIn.close();
  await context.addInitScript(() => {
    const w = window as unknown as { __editorReady?: number };
    new MutationObserver(() => {
      if (
        w.__editorReady === undefined &&
        document.querySelector('[data-testid="waveform"][data-ready="true"]') &&
        document.querySelector('[data-testid="lane-Words"]')
      ) {
        w.__editorReady = performance.now();
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-ready"] });
  });
  const editorUrl = `/annotations/${assignment.id}/${encodeURIComponent(recording.id)}?organisation=bench`;

  // Time to interactive; each run also without the early requests (lib/web/early/), the page as it
  // was before them, in turns, so that both see the same load of this shared machine.
  const ready: number[] = [];
  const readyWithout: number[] = [];
  for (let turn = 0; turn < RUNS * 2; turn++) {
    const run = Math.floor(turn / 2) + 1;
    const early = (turn + run) % 2 === 0;
    const tab = await context.newPage();
    if (!early)
      await tab.addInitScript(() => ((window as unknown as { __earlyRequestsOff: boolean }).__earlyRequestsOff = true));
    // Each run opens at fit (the remembered zoom is cleared).
    await tab.goto("/sign-in", { waitUntil: "commit" });
    await tab.evaluate(() => localStorage.clear());
    // BENCH_PROFILE=1: the page's JavaScript profiled from navigation until ready, its heaviest functions printed.
    const cdp = process.env.BENCH_PROFILE === "1" && early ? await context.newCDPSession(tab) : null;
    if (cdp) {
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
      await cdp.send("Profiler.start");
    }
    await tab.goto(editorUrl, { waitUntil: "commit" });
    await tab.locator('[data-testid="waveform"][data-ready="true"]').waitFor({ timeout: 120_000 });
    if (cdp) printProfile((await cdp.send("Profiler.stop")).profile);
    const at = await tab.evaluate(() => (window as unknown as { __editorReady: number }).__editorReady);
    (early ? ready : readyWithout).push(at);
    // Where the time went: when the page's scripts, the API answers and the peaks had arrived.
    // (Plain data out of the page: tsx would name functions defined in there, which the page cannot run.)
    const timing = await tab.evaluate(() => ({
      nav: performance
        .getEntriesByType("navigation")
        .map((e) => [
          (e as PerformanceNavigationTiming).responseEnd,
          (e as PerformanceNavigationTiming).domContentLoadedEventEnd,
        ])[0],
      resources: performance
        .getEntriesByType("resource")
        .map(
          (e) =>
            [
              e.name,
              (e as PerformanceResourceTiming).initiatorType,
              e.startTime,
              (e as PerformanceResourceTiming).responseEnd,
              (e as PerformanceResourceTiming).encodedBodySize,
            ] as const,
        ),
    }));
    const resources = timing.resources.map(([name, initiator, start, end, size]) => ({
      name,
      initiator,
      start,
      end,
      size,
    }));
    const last = (match: (r: (typeof resources)[number]) => boolean) =>
      Math.max(0, ...resources.filter(match).map((r) => r.end));
    const steps = {
      html: timing.nav[0],
      domContentLoaded: timing.nav[1],
      scripts: last((r) => r.initiator === "script" || r.name.endsWith(".js")),
      assignment: last((r) => /\/api\/assignment\/\d+/.test(r.name)),
      annotation: last((r) => r.name.includes(`/api/annotation/${annotation.id}`)),
      files: resources
        .filter((r) => !!annotation.peaksUrl && r.name.includes(annotation.peaksUrl))
        .map(
          (r) =>
            `${new URL(r.name).pathname.split("/").pop()} ${Math.round(r.start)}–${Math.round(r.end)} ms ${(r.size / 1e6).toFixed(2)} MB`,
        )
        .join(", "),
    };
    console.log(
      `run ${run}${early ? "" : " without early requests"}: editor interactive at ${ms(at)} after navigation start (HTML ${ms(steps.html)}, DOMContentLoaded ${ms(steps.domContentLoaded)}, scripts in ${ms(steps.scripts)}, assignment ${ms(steps.assignment)}, annotation ${ms(steps.annotation)}; peaks: ${steps.files || "not read"})`,
    );
    if (turn < RUNS * 2 - 1) await tab.close();
  }
  console.log(
    `TIME TO INTERACTIVE (${RECORDING_S} s, ${FRAGMENTS} fragments): median ${ms(median(ready))} over ${RUNS} runs (target ≤ 2000 ms); ${load()}`,
  );
  console.log(`  the same runs' turns without early requests: median ${ms(median(readyWithout))} over ${RUNS} runs`);

  const page = context.pages()[context.pages().length - 1];
  await selectLatency(page);
  await dragFrames(page);
  await spectrogramWindow(page);
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}

/** Pointer press on a fragment at 25 px/s until it shows as selected. */
type Profile = {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }[];
  samples?: number[];
  timeDeltas?: number[];
};

/** Self time per function (name, file, line and column), the heaviest 15. */
function printProfile(profile: Profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const self = new Map<string, number>();
  (profile.samples ?? []).forEach((id, i) => {
    const f = byId.get(id)!;
    const key = `${f.functionName || "(anonymous)"} ${f.url.split("/").pop()}:${f.lineNumber}:${f.columnNumber}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000);
  });
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 15);
  console.log(`  profile (self time): ${top.map(([k, v]) => `${k} ${v.toFixed(0)} ms`).join("; ")}`);
}

async function selectLatency(page: Page) {
  await page.getByLabel("Zoom (pixels per second)").selectOption("25");
  await page.locator('[data-testid="lane-Words"] [data-item-id]').nth(10).waitFor();
  // The mouse works in viewport coordinates: at 1280×800 the lanes start below the fold.
  await page.getByTestId("lane-Words").scrollIntoViewIfNeeded();
  const times: number[] = [];
  for (let i = 0; i < 9; i++) {
    const box = page.locator('[data-testid="lane-Words"] [data-item-id]').nth(10 + 3 * i);
    const b = (await box.boundingBox())!;
    await page.evaluate(() => {
      const w = window as unknown as { __pressed?: Promise<number> };
      w.__pressed = new Promise((resolve) => {
        const start = { t: 0 };
        window.addEventListener("pointerdown", () => (start.t = performance.now()), { capture: true, once: true });
        const observer = new MutationObserver((records) => {
          if (records.some((r) => (r.target as Element).getAttribute("aria-pressed") === "true")) {
            observer.disconnect();
            requestAnimationFrame(() => resolve(performance.now() - start.t));
          }
        });
        observer.observe(document.querySelector('[data-testid="lane-Words"]')!, {
          subtree: true,
          attributes: true,
          attributeFilter: ["aria-pressed"],
        });
        // Never shown as selected: say so instead of waiting for ever.
        setTimeout(() => resolve(Number.NaN), 10_000);
      });
    });
    const x = b.x + b.width / 2;
    const y = b.y + b.height / 2;
    await page.mouse.click(x, y);
    const took = await page.evaluate(() => (window as unknown as { __pressed: Promise<number> }).__pressed);
    if (Number.isNaN(took)) {
      const hit = await page.evaluate(
        ([px, py]) => {
          const el = document.elementFromPoint(px, py);
          return el
            ? `${el.tagName} ${el.getAttribute("aria-label") ?? el.getAttribute("data-testid") ?? el.className}`.slice(
                0,
                160,
              )
            : "nothing";
        },
        [x, y],
      );
      console.log(
        `select ${i + 1}: not shown as selected within 10 s (box ${b.x.toFixed(0)},${b.y.toFixed(0)} ${b.width.toFixed(0)}×${b.height.toFixed(0)}; under the pointer: ${hit})`,
      );
    } else times.push(took);
  }
  if (!times.length) return console.log("SELECT a fragment (25 px/s): not measured (no press showed a selection)");
  console.log(
    `SELECT a fragment (25 px/s, ${times.length} presses): median ${ms(median(times))}, max ${ms(Math.max(...times))} from press to shown selected (+ next frame); ${load()}`,
  );
}

/** A shared boundary dragged at 10 px/s: the work of each pointermove. */
async function dragFrames(page: Page) {
  await page.getByLabel("Zoom (pixels per second)").selectOption("10");
  const lane = page.getByTestId("lane-Words");
  await lane.locator("[data-item-id]").first().waitFor();
  await lane.scrollIntoViewIfNeeded();
  // The boundary w(10k) and w(10k+1) share: the end of a touching word in view.
  const box = (await lane.boundingBox())!;
  const slot = RECORDING_S / FRAGMENTS;
  const scrollPx = await page
    .getByTestId("waveform")
    .evaluate(
      (el) => (el.firstElementChild as HTMLElement).shadowRoot!.querySelector<HTMLElement>(".scroll")!.scrollLeft,
    );
  const k = Math.ceil(scrollPx / 10 / slot / 10) * 10 + 20;
  const x = box.x + (k + 1) * slot * 10 - scrollPx;
  await page.evaluate(() => {
    const w = window as unknown as { __frames: number[] };
    w.__frames = [];
    // After React's own listener (on the root, below window) has run and scheduled its render:
    // a task posted now runs after that render; forcing layout there counts style and layout too.
    window.addEventListener("pointermove", () => {
      const start = performance.now();
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        document.body.getBoundingClientRect();
        w.__frames.push(performance.now() - start);
      };
      channel.port2.postMessage(0);
    });
  });
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= DRAG_STEPS; i++) await page.mouse.move(x + (i % 40) / 4 - 5, y);
  await page.mouse.up();
  const frames = await page.evaluate(() => (window as unknown as { __frames: number[] }).__frames);
  if (!frames.length) return console.log("DRAG a shared boundary: not measured (no pointermove reached the page)");
  console.log(
    `DRAG a shared boundary (10 px/s, ${frames.length} moves): p50 ${ms(median(frames))}, p95 ${ms(p95(frames))}, max ${ms(Math.max(...frames))} per frame (target p95 ≤ 16 ms); ${load()}`,
  );
}

/** The spectrogram of a 10-second window, at several places. */
async function spectrogramWindow(page: Page) {
  // The lanes are capped by the page's width (max-w-7xl) and share it with the fragment panel
  // from 1280 px on (7.7 s at 100 px/s): below that breakpoint they take the whole width, so the
  // viewport is sized until the waveform's visible width is 1,000 px, i.e. 10 s at 100 px/s.
  await page.getByLabel("Zoom (pixels per second)").selectOption("100");
  const waveWidth = async () => (await page.getByTestId("waveform").boundingBox())!.width;
  let viewport = 1180;
  for (let i = 0; i < 4; i++) {
    await page.setViewportSize({ width: viewport, height: 800 });
    await page.waitForTimeout(300);
    const off = 1000 - (await waveWidth());
    if (Math.abs(off) < 1) break;
    viewport += Math.round(off);
  }
  const overview = page.getByRole("slider", { name: "Visible part of the recording" });
  await overview.scrollIntoViewIfNeeded();
  const spectro = page.getByTestId("spectrogram");
  const width = await waveWidth();
  const times: number[] = [];
  const again: number[] = [];
  const places = Array.from({ length: SPECTRO_RUNS }, (_, i) => (i + 1) / (SPECTRO_RUNS + 1));
  for (const [i, place] of [...places, ...places].entries()) {
    const second = i >= SPECTRO_RUNS;
    // Somewhere else in the recording each time (the second round: the same places again).
    const b = (await overview.boundingBox())!;
    await page.evaluate(() => performance.clearResourceTimings());
    const before = (await spectro.count()) ? await spectro.getAttribute("data-from-ms") : null;
    await page.mouse.click(b.x + b.width * place, b.y + b.height / 2);
    if (i === 0) await page.getByRole("button", { name: "Show spectrogram" }).click();
    await page.waitForFunction(
      (prev) => {
        const el = document.querySelector('[data-testid="spectrogram"]');
        return el?.getAttribute("data-status") === "drawn" && el.getAttribute("data-from-ms") !== prev;
      },
      before,
      { timeout: 60_000 },
    );
    const drawMs = Number(await spectro.getAttribute("data-draw-ms"));
    const from = Number(await spectro.getAttribute("data-from-ms"));
    const to = Number(await spectro.getAttribute("data-to-ms"));
    (second ? again : times).push(drawMs);
    const fetchMs = Number(await spectro.getAttribute("data-fetch-ms"));
    const source = await spectro.getAttribute("data-source");
    const tiles = await spectro.getAttribute("data-tiles");
    // What was fetched for it: the tiles (and on the first draw, the lane's code).
    const reads = await page.evaluate(() =>
      performance.getEntriesByType("resource").map((r) => ({
        ms: (r as PerformanceResourceTiming).responseEnd - r.startTime,
        bytes: (r as PerformanceResourceTiming).encodedBodySize,
      })),
    );
    const net = reads.reduce((n, r) => n + r.ms, 0);
    const bytes = reads.reduce((n, r) => n + r.bytes, 0);
    console.log(
      `spectrogram ${((to - from) / 1000).toFixed(1)} s window at ${(from / 1000).toFixed(0)} s${second ? " (again)" : ""}: drawn in ${ms(drawMs)} from ${source} ${tiles ?? ""} (waiting for them ${ms(fetchMs)}, pixels + paint ${ms(drawMs - fetchMs)}; ${reads.length} requests, ${(bytes / 1e3).toFixed(0)} kB, ${ms(net)} on the wire)`,
    );
  }
  console.log(
    `SPECTROGRAM again at the same places (tiles already fetched): median ${ms(median(again))}, max ${ms(Math.max(...again))}`,
  );
  console.log(
    `SPECTROGRAM of a ${(width / 100).toFixed(1)} s window (100 px/s, ${Math.round(width)} px visible, viewport ${page.viewportSize()?.width} px): median ${ms(median(times))}, max ${ms(Math.max(...times))} (target ≤ 300 ms); ${load()}`,
  );
}
