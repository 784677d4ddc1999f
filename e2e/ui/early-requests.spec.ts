// Early requests (lib/web/early/): on a page load the page's HTML starts the API reads its code
// will make, and the code takes those instead of asking again. Checked on /progress (the grid a
// teacher's defaults name: their own group and its linked category) and in the annotation editor
// (assignment, scheme, annotation, context, reference, peaks): every read is requested exactly
// once (a second request means the code did not take the started one), every started one is
// taken, and the page loads without a console error (no hydration mismatch, React #418). Reads
// the server made while rendering (who the view is, the roles, the teacher's groups, the
// assignment and the recording's context) come in the page: the browser never asks for them.
import type { Page } from "@playwright/test";
import { annotate, assign, longRecording, openEditor, person, signedIn, wordsAt } from "../support/annotation-ui";
import { testAudio } from "../support/audio";
import { expect, test } from "../support/fixtures";
import { category, group, record, speechChallenge, student } from "../support/progress-ui";
import { orgUserWithPassword, signInToOrganisation } from "../support/ui";

/**
 * GET requests to our origin per path and query, and console errors, from now on. The page is
 * emptied first: signing in ends on the dashboard by a client-side navigation (no early
 * requests there), whose own reads (GET /api/user) may still be going out after its heading shows.
 */
async function watch(page: Page) {
  await page.goto("about:blank");
  const gets = new Map<string, number>();
  const errors: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (r.method() === "GET" && url.pathname.startsWith("/api/"))
      gets.set(url.pathname + url.search, (gets.get(url.pathname + url.search) ?? 0) + 1);
  });
  page.on("console", (m) => void (m.type() === "error" && errors.push(m.text())));
  page.on("pageerror", (e) => void errors.push(String(e)));
  return { gets, errors };
}

/** The early requests not taken (yet): their paths. */
const leftOver = (page: Page) =>
  page.evaluate(() => Object.keys((window as { __earlyRequests?: object }).__earlyRequests ?? { missing: true }));

test("progress: the teacher's default grid is started by the page and read once", async ({ page, request, world }) => {
  const audio = await testAudio();
  const c1 = await speechChallenge(request, world.orgToken, "Introduce yourself");
  const root = await category(request, world.orgToken, { name: "Unit one", speechChallenges: [c1] });
  const klass = await group(request, world.orgToken, "Class 4A", [root]);
  const ada = await student(request, world, "Ada", "Alpha", [klass]);
  await record(request, ada.token, c1, audio.wav);
  const login = await orgUserWithPassword(request, world, "TEACHER");
  expect(
    (
      await request.post(`/api/groups/${klass}/members`, {
        data: { users: [login.user.id] },
        headers: { Authorization: `Bearer ${world.orgToken}` },
      })
    ).status(),
  ).toBe(204);
  await signInToOrganisation(page, world, login);

  const { gets, errors } = await watch(page);
  await page.goto("/progress");
  const grid = page.getByTestId("progress-grid");
  await expect(grid).toHaveAttribute("data-ready", "true");
  await expect(grid).toHaveAttribute("data-rows", "1");
  const gridUrl = `/api/categories/${root}/progress/grid?group=${klass}&role=STUDENT`;
  for (const url of ["/api/user", "/api/roles", "/api/groups?perPage=100"])
    expect({ url, requests: gets.get(url) ?? 0 }).toEqual({ url, requests: 0 });
  expect({ url: gridUrl, requests: gets.get(gridUrl) }).toEqual({ url: gridUrl, requests: 1 });
  // What came in the page is this teacher's: their own group is chosen.
  await expect(page.getByRole("checkbox", { name: /Class 4A/ })).toBeChecked();
  expect(await leftOver(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test("editor: the assignment, annotation and peaks are started by the page and read once", async ({
  browser,
  request,
  world,
}) => {
  test.setTimeout(120_000);
  const [full, ref] = await Promise.all([
    person(request, world, "ANNOTATOR_FULL", "Fay"),
    longRecording(request, world, 30),
  ]);
  const assignment = await assign(request, world, { name: "Early reads", base: null, full, refs: [ref] });
  const annotation = await annotate(request, full.token, assignment.id, ref, wordsAt(["one", "two", "three"]));
  const page = await signedIn(browser, world, full);

  const { gets, errors } = await watch(page);
  await openEditor(page, assignment.id, ref);
  await expect(page.getByTestId("lane-Words")).toBeVisible();
  const peaks = new URL(annotation.peaksUrl!).pathname;
  for (const url of ["/api/user", "/api/roles", `/api/assignment/${assignment.id}`])
    expect({ url, requests: gets.get(url) ?? 0 }).toEqual({ url, requests: 0 });
  for (const url of [`/api/annotation/${annotation.id}`, peaks])
    expect({ url, requests: gets.get(url) }).toEqual({ url, requests: 1 });
  // The assignment in the page is this one (its name in the header), the annotator may edit.
  await expect(page.getByText("Early reads").first()).toBeVisible();
  expect(await leftOver(page)).toEqual([]);
  expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
});
