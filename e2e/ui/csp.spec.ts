// The pages' Content-Security-Policy in Chromium: every page sends it (with a fresh nonce) and
// the other security headers; script injected into a page does not run and is reported; the
// main pages, the annotation editor included, render without a single violation; and the
// pages' API calls carry no token (the session cookie stands for the view).
import type { Browser, Page, Response } from "@playwright/test";
import {
  annotate,
  assign,
  editorPath,
  type Person,
  person,
  recordings,
  waveformReady,
  wordsAt,
} from "../support/annotation-ui";
import { baseURL } from "../support/api";
import { expect, test, type World } from "../support/fixtures";
import { signInToOrganisation } from "../support/ui";

type Watched = { page: Page; violations: string[]; apiRequests: { url: string; authorization: string | undefined }[] };

/** A page of its own browser context that records CSP violations (event and console) and its API requests. */
async function watchedPage(browser: Browser): Promise<Watched> {
  const context = await browser.newContext({ baseURL: baseURL() });
  const page = await context.newPage();
  const violations: string[] = [];
  const apiRequests: Watched["apiRequests"] = [];
  // The binding and the init script are DevTools hooks: the page's policy does not apply to them.
  await page.exposeBinding("__cspViolation", (_source, text: string) => void violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      const report = (window as unknown as { __cspViolation: (text: string) => void }).__cspViolation;
      void report(`${e.effectiveDirective} blocked ${e.blockedURI || "inline"} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/api/"))
      apiRequests.push({ url: request.url(), authorization: request.headers().authorization });
  });
  return { page, violations, apiRequests };
}

function expectSecurityHeaders(response: Pick<Response, "headers"> | null, what: string) {
  const headers = response!.headers();
  const csp = headers["content-security-policy"] ?? "";
  expect(csp, what).toMatch(/(^|; )script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'(;|$)/);
  for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "default-src 'self'"])
    expect(csp, what).toContain(directive);
  expect(
    csp.split("; ").find((d) => d.startsWith("script-src ")),
    what,
  ).not.toContain("unsafe");
  expect(headers["x-content-type-options"], what).toBe("nosniff");
  expect(headers["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
  return csp;
}

/** Visits `path`, checks its headers and waits until its heading shows and its requests are done. */
async function visit(watched: Watched, path: string, heading: string | RegExp) {
  const response = await watched.page.goto(path);
  expectSecurityHeaders(response, path);
  await expect(watched.page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
  await watched.page.waitForLoadState("networkidle");
}

async function signedInWatched(browser: Browser, world: World, who: Person): Promise<Watched> {
  const watched = await watchedPage(browser);
  await signInToOrganisation(watched.page, world, who);
  return watched;
}

test("every page sends the policy with a fresh nonce, and the other security headers", async ({ page, request }) => {
  const first = expectSecurityHeaders(await page.goto("/sign-in"), "/sign-in");
  const second = expectSecurityHeaders(await page.goto("/sign-in"), "/sign-in again");
  expect(first.match(/'nonce-([^']+)'/)![1]).not.toBe(second.match(/'nonce-([^']+)'/)![1]);
  // The nonce the header names is the one on the page's scripts (else nothing would run).
  const nonce = second.match(/'nonce-([^']+)'/)![1];
  expect(await page.evaluate(() => [...document.scripts].map((s) => s.nonce))).toContain(nonce);
  // A signed-out visit to an app page, and a page that does not exist, are pages too.
  expectSecurityHeaders(await request.get("/users", { maxRedirects: 0 }), "/users signed out");
  expectSecurityHeaders(await request.get("/no-such-page"), "404 page");
  // API answers are never sniffed into something else.
  const api = await request.get("/api/health");
  expect(api.headers()["x-content-type-options"]).toBe("nosniff");
  expect((await request.get("/api/roles")).headers()["x-content-type-options"]).toBe("nosniff");
  // next-auth's endpoints carry a policy of their own that allows no script at all.
  const auth = await request.get("/auth/csrf");
  expect(auth.headers()["content-security-policy"]).toContain("default-src 'none'");
  expect(auth.headers()["x-content-type-options"]).toBe("nosniff");
});

test("script injected into a signed-in page does not run, and the browser reports it", async ({
  browser,
  request,
  world,
}) => {
  const admin = await person(request, world, "ADMIN", "Ada");
  const watched = await signedInWatched(browser, world, admin);
  const { page, violations } = watched;
  await visit(watched, "/", "Dashboard");
  expect(violations).toEqual([]);

  await page.evaluate(() => {
    // What an XSS would do: an inline <script>, and an inline event handler in injected markup.
    const script = document.createElement("script");
    script.textContent = "window.__injected = 'script'";
    document.body.append(script);
    document.body.insertAdjacentHTML(
      "beforeend",
      `<img alt="" src="data:,broken" onerror="window.__injectedHandler = true">`,
    );
  });
  await expect.poll(() => violations.join("\n")).toMatch(/^script-src-elem blocked inline/m);
  await expect.poll(() => violations.join("\n")).toMatch(/^script-src-attr blocked inline/m);
  expect(
    await page.evaluate(() => [
      (window as { __injected?: unknown }).__injected ?? null,
      (window as { __injectedHandler?: unknown }).__injectedHandler ?? null,
    ]),
  ).toEqual([null, null]);
  // Neither can page script read the session: the cookie is HttpOnly and the session has no token.
  expect(await page.evaluate(() => document.cookie)).not.toContain("session-token");
  const session = await page.evaluate(async () => (await fetch("/auth/session")).json());
  expect(session.scope).toMatch(/^tenant\//);
  expect(Object.keys(session).sort()).toEqual(["expires", "scope", "stack", "view"]);
});

test("the main pages and the annotation editor render without a policy violation, and call the API without a token", async ({
  browser,
  request,
  world,
}) => {
  // Eleven pages in two signed-in browsers, each waited on until its requests are done.
  test.setTimeout(240_000);
  const [admin, full, { refs }] = await Promise.all([
    person(request, world, "ADMIN", "Ada"),
    person(request, world, "ANNOTATOR_FULL", "Fay"),
    recordings(request, world, 1),
  ]);
  const assignment = await assign(request, world, { name: "Policy check", base: null, full, refs });
  await annotate(request, full.token, assignment.id, refs[0], wordsAt(["the", "cat"]));

  const signedOut = await watchedPage(browser);
  await visit(signedOut, "/sign-in", "Speech training platform");
  expect(signedOut.violations).toEqual([]);

  const asAdmin = await signedInWatched(browser, world, admin);
  const pages: [string, string | RegExp][] = [
    ["/", "Dashboard"],
    ["/users", "Users"],
    ["/groups", "Groups"],
    ["/roles", "Roles"],
    ["/challenges", "Challenges"],
    ["/categories", "Categories"],
    ["/progress", "Progress"],
    ["/assignments", "Assignments"],
    [`/assignments/${assignment.id}`, /Policy check/],
  ];
  for (const [path, heading] of pages) {
    await visit(asAdmin, path, heading);
    expect(asAdmin.violations, path).toEqual([]);
  }

  // The editor: wavesurfer's shadow-root styles (given the nonce) and the streamed <audio>.
  const asAnnotator = await signedInWatched(browser, world, full);
  const response = await asAnnotator.page.goto(editorPath(assignment.id, refs[0]));
  expectSecurityHeaders(response, "editor");
  await waveformReady(asAnnotator.page);
  await asAnnotator.page.waitForLoadState("networkidle");
  expect(asAnnotator.violations).toEqual([]);
  const audio = await asAnnotator.page.getByTestId("annotation-audio").getAttribute("src");
  expect(audio).not.toContain("access_token");

  // Every API request the pages made, media included, went without a token.
  const calls = [...asAdmin.apiRequests, ...asAnnotator.apiRequests];
  expect(calls.length).toBeGreaterThan(10);
  expect(calls.filter((c) => c.authorization || new URL(c.url).searchParams.has("access_token"))).toEqual([]);
});
