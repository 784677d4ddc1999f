// The API reference page (/docs): Scalar renders GET /api/openapi.json, and a signed-in
// person's calls from the page go with a short-lived token derived from their view.
import { expect, test } from "../support/fixtures";
import { signInAsAdmin } from "../support/ui";

test("the reference page renders the API and sends a call with the signed-in token", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  await page.goto("/docs");
  await expect(page.getByTestId("docs-auth")).toContainText("Trying calls as");
  // Scalar has rendered the document's operations.
  const reference = page.getByTestId("api-reference");
  await expect(reference.getByText("Speech training platform API").first()).toBeVisible({ timeout: 60_000 });

  // Send GET /user from the page: open its "Test Request" client and send.
  const sent = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/user" && r.method() === "GET", {
    timeout: 60_000,
  });
  const answered = page.waitForResponse(
    (r) => new URL(r.url()).pathname === "/api/user" && r.request().method() === "GET",
    { timeout: 60_000 },
  );
  const group = page.getByRole("button", { name: "user Open Group", exact: true });
  if (await group.isVisible()) await group.click();
  await page.getByRole("button", { name: "/user HTTP Method: GET", exact: true }).click();
  await page.getByRole("button", { name: "Test Request (get /user)", exact: true }).click();
  // Scalar's API client opens with the bearer token pre-filled; send the request.
  const send = page.getByRole("button", { name: /^send/i }).first();
  await expect(send).toBeVisible({ timeout: 30_000 });
  await send.click();
  const request = await sent;
  expect(request.headers().authorization).toMatch(/^Bearer \S{40,}$/);
  const response = await answered;
  expect(response.status()).toBe(200);
  await page.screenshot({ path: test.info().outputPath("docs.png") });
});
