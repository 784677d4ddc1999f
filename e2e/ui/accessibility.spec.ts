// Every page of the web app passes axe (WCAG 2.1 A/AA rules) with no serious or critical
// violation, visited as the role that uses it, with its data seeded through the API:
// sign-in and docs signed out; tenants as the top-level admin; organisations as a tenant;
// groups, challenges, categories, assignments, users, roles and progress as an organisation
// administrator; the annotation pages as an annotator.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { annotate, assign, editorPath, person, recordings, signedIn, wordsAt } from "../support/annotation-ui";
import { authed, createUser, expectJson, uniqueId } from "../support/api";
import { testAudio } from "../support/audio";
import { expect, test } from "../support/fixtures";
import { postMultipart } from "../support/multipart";
import { category, group, speechChallenge } from "../support/progress-ui";
import { signInAsAdmin, signInAsOrganisationUser } from "../support/ui";

// axe takes seconds per page, and tens of seconds on a busy 2-core machine: generous budgets.
test.describe.configure({ timeout: 900_000 });

type Finding = { page: string; rule: string; impact: string; help: string; targets: string[] };

/** The serious and critical violations on the page as it is now. */
async function audit(page: Page, path: string, exclude?: string): Promise<Finding[]> {
  const builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  const results = await (exclude ? builder.exclude(exclude) : builder).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({
      page: path,
      rule: v.id,
      impact: v.impact!,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
    }));
}

/** Opens `path`, waits for its heading and for loading to end, and audits it. */
async function visit(page: Page, path: string, heading?: string | RegExp): Promise<Finding[]> {
  await page.goto(path);
  await expect(
    heading ? page.getByRole("heading", { level: 1, name: heading }) : page.getByRole("heading", { level: 1 }).first(),
  ).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
  return audit(page, path);
}

const report = (findings: Finding[]) =>
  findings.map((f) => `${f.page}: ${f.rule} (${f.impact}) ${f.help} — ${f.targets.join(" | ")}`).join("\n");

async function choiceChallenge(request: import("@playwright/test").APIRequestContext, token: string) {
  const id = uniqueId("cc");
  await expectJson(
    await postMultipart(
      request,
      "/api/challenges/choice",
      { id, question: "Which one?", language: "eng", choices: ["yes", "no"] },
      authed(token),
    ),
    202,
  );
  return id;
}
async function pronunciationChallenge(request: import("@playwright/test").APIRequestContext, token: string) {
  const id = uniqueId("pc");
  const { wav } = await testAudio();
  await expectJson(
    await postMultipart(
      request,
      "/api/challenges/pronunciation",
      {
        id,
        transcription: "The cat sits on the mat.",
        language: "eng",
        referenceAudio: { buffer: wav, name: "cat.wav", mimeType: "audio/wav" },
      },
      authed(token),
    ),
    201,
  );
  return id;
}

test("signed out: sign-in and the API reference", async ({ page }) => {
  const findings = [...(await visit(page, "/sign-in"))];
  await page.goto("/docs");
  await expect(page.locator("body")).toContainText(/API/, { timeout: 30_000 });
  // Scalar renders in steps (a nameless placeholder button first): audit the finished reference.
  await expect(page.getByRole("navigation", { name: /^Sidebar for/ })).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState("networkidle");
  // Scalar's own rendering (its sidebar's ARIA attributes and method colours) is third-party and
  // fails aria-allowed-attr and color-contrast; our page around it is audited.
  findings.push(...(await audit(page, "/docs", '[data-testid="api-reference"]')));
  expect(findings, report(findings)).toEqual([]);
});

test("the top-level admin: dashboard and tenants; a tenant: organisations", async ({ page, world }) => {
  await signInAsAdmin(page);
  const findings = [
    ...(await audit(page, "/ (admin)")),
    ...(await visit(page, "/tenants", "Tenants")),
    ...(await visit(page, `/tenants/${world.tenantId}`)),
  ];
  await page.getByRole("button", { name: "View as this tenant" }).click();
  await expect(page.getByRole("region", { name: "Active view" })).toBeVisible();
  findings.push(
    ...(await visit(page, "/organisations", "Organisations")),
    ...(await visit(page, `/organisations/${world.orgId}`)),
  );
  expect(findings, report(findings)).toEqual([]);
});

test("an organisation administrator: groups, challenges, categories and the new assignment's picker", async ({
  page,
  request,
  world,
}) => {
  const token = world.orgToken;
  const speech = await speechChallenge(request, token, "Your hobby");
  const [choice, pronunciation] = [await choiceChallenge(request, token), await pronunciationChallenge(request, token)];
  const klass = await group(request, token, "Class 3B", [
    await category(request, token, { name: "Unit one", speechChallenges: [speech] }),
  ]);
  await recordings(request, world, 2);
  await signInAsOrganisationUser(page, request, world, "ORGANISATION");
  const findings = [...(await audit(page, "/ (organisation)"))];
  for (const [path, heading] of [
    ["/groups", "Groups"],
    [`/groups/${klass}`, "Class 3B"],
    ["/challenges", "Challenges"],
    ["/challenges/choice", "Choice challenges"],
    ["/challenges/choice/new", "New choice challenge"],
    [`/challenges/choice/${choice}`, "Which one?"],
    ["/challenges/pronunciation", "Pronunciation challenges"],
    ["/challenges/pronunciation/new", "New pronunciation challenge"],
    [`/challenges/pronunciation/${pronunciation}`, "The cat sits on the mat."],
    ["/challenges/speech", "Speech challenges"],
    ["/challenges/speech/new", "New speech challenge"],
    [`/challenges/speech/${speech}`, "Your hobby"],
    ["/categories", "Categories"],
  ] as const) {
    findings.push(...(await visit(page, path, heading)));
  }
  // The language combobox open, and the navigation menu open at tablet width.
  await page.goto("/challenges/speech/new");
  await page.getByRole("combobox", { name: "Language" }).fill("dut");
  await expect(page.getByRole("listbox")).toBeVisible();
  findings.push(...(await audit(page, "/challenges/speech/new (language list open)")));
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.getByRole("button", { name: "Menu" }).click();
  findings.push(...(await audit(page, "/challenges/speech/new (menu open, 768 px)")));
  await page.setViewportSize({ width: 1280, height: 900 });
  // The recording picker lives on the new assignment page.
  await page.goto("/assignments/new");
  await expect(page.getByTestId("picker-row")).toHaveCount(2, { timeout: 20_000 });
  findings.push(...(await audit(page, "/assignments/new")));
  expect(findings, report(findings)).toEqual([]);
});

// Pages of other helpers (users, roles and assignments: the "admin" helper; progress: the
// progress helper; annotations: the annotation editor helper). Their findings are reported
// to the lead rather than fixed here.
test("an organisation administrator: users, roles, progress and assignments", async ({ page, request, world }) => {
  const token = world.orgToken;
  const speech = await speechChallenge(request, token, "Your hobby");
  const root = await category(request, token, { name: "Unit one", speechChallenges: [speech] });
  const klass = await group(request, token, "Class 3B", [root]);
  const pupil = await createUser(request, token, {
    roles: ["STUDENT"],
    firstName: "Ada",
    lastName: "Alpha",
    groups: [klass],
  });
  const full = await person(request, world, "ANNOTATOR_FULL", "Fay");
  const { refs } = await recordings(request, world, 1);
  const assignment = await assign(request, world, { name: "Week 12", base: null, full, refs });
  await signInAsOrganisationUser(page, request, world, "ORGANISATION");
  const findings: Finding[] = [];
  for (const [path, heading] of [
    ["/users", "Users"],
    [`/users/${pupil.id}`, /Ada/],
    ["/roles", "Roles"],
    [`/progress?category=${root}&group=${klass}`, "Progress"],
    ["/assignments", "Assignments"],
    [`/assignments/${assignment.id}`, "Week 12"],
  ] as const) {
    findings.push(...(await visit(page, path, heading)));
  }
  expect(findings, report(findings)).toEqual([]);
});

test("an annotator: the assignments to annotate and the editor", async ({ browser, request, world }) => {
  const full = await person(request, world, "ANNOTATOR_FULL", "Fay");
  const { refs } = await recordings(request, world, 1);
  const assignment = await assign(request, world, { name: "Week 12", base: null, full, refs });
  await annotate(request, full.token, assignment.id, refs[0]!, wordsAt(["the", "cat"]));
  const page = await signedIn(browser, world, full);
  const findings = [...(await visit(page, "/annotations")), ...(await visit(page, `/annotations/${assignment.id}`))];
  await page.goto(editorPath(assignment.id, refs[0]!));
  await expect(page.getByTestId("waveform")).toHaveAttribute("data-ready", "true", { timeout: 30_000 });
  findings.push(...(await audit(page, "/annotations/[assignment]/[recording]")));
  expect(findings, report(findings)).toEqual([]);
  await page.context().close();
});
