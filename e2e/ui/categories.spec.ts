// The category tree page (/categories): building a three-level tree with the forms (colour,
// image, icon, speech challenges), reordering siblings by dragging with the mouse, re-parenting
// by dragging sideways, the keyboard move buttons, and an API refusal putting a move back.
// Every move is checked in the API's own `order` / `parent` and again after a reload.
import { authed, expectJson } from "../support/api";
import { expect, test } from "../support/fixtures";
import { type Category, category, children, dragRow, row, rowIds, speechChallenge } from "../support/progress-ui";
import { snap } from "../support/screenshots";
import { png, signInAsOrganisationUser } from "../support/ui";

// Tall enough that no dragged row comes near the window's edge (which scrolls the page while dragging).
test.use({ viewport: { width: 1400, height: 1300 } });

test("a three-level tree built with the forms; drag to reorder and to re-parent; keyboard moves", async ({
  page,
  request,
  world,
}) => {
  test.setTimeout(120_000);
  const token = world.orgToken;
  const greet = await speechChallenge(request, token, "Greet a friend");
  const weather = await speechChallenge(request, token, "Describe the weather");
  await signInAsOrganisationUser(page, request, world, "TEACHER");
  await page.goto("/categories");
  await expect(page.getByRole("heading", { name: "Categories" })).toBeVisible();
  await expect(page.getByText("No categories yet")).toBeVisible();

  // Level 1, with everything a category holds.
  await page.getByRole("button", { name: "New category" }).click();
  const form = page.getByRole("region", { name: "New category" });
  await form.getByLabel("Name").fill("Animals");
  await form.getByLabel("Id", { exact: true }).fill(`animals-${world.orgId}`);
  await form.getByLabel("Description").fill("Everything that lives and moves");
  await form.getByLabel("Colour", { exact: true }).fill("not a colour");
  await form.getByRole("button", { name: "Create category" }).click();
  await expect(form.getByText(/Colour must be a colour/)).toBeVisible(); // the API's zod schema, in the browser
  await form.getByLabel("Colour", { exact: true }).fill("#e11d48");
  await form
    .getByLabel("Upload image")
    .setInputFiles({ name: "animals.png", mimeType: "image/png", buffer: await png() });
  await form
    .getByLabel("Upload icon")
    .setInputFiles({ name: "paw.png", mimeType: "image/png", buffer: await png("color=c=orange:s=48x48") });
  await form.getByRole("checkbox", { name: /Greet a friend/ }).check();
  await form.getByRole("checkbox", { name: /Describe the weather/ }).check();
  await form.getByRole("button", { name: "Create category" }).click();
  await expect(form).toHaveCount(0);
  const animals = `animals-${world.orgId}`;
  const stored = await expectJson<Category>(
    await request.get(`/api/categories/${animals}`, { headers: authed(token) }),
    200,
  );
  expect(stored).toMatchObject({ name: "Animals", color: "#e11d48", parent: null, speechChallenges: [greet, weather] });
  expect(stored.imageUrl).toBeTruthy();
  expect(stored.iconUrl).toBeTruthy();
  const animalsRow = row(page, animals);
  await expect(animalsRow.getByRole("img", { name: "Image of Animals" })).toBeVisible();
  await expect(animalsRow.getByRole("img", { name: "Icon of Animals" })).toBeVisible();
  await expect(animalsRow.getByTestId("category-color")).toHaveCSS("background-color", "rgb(225, 29, 72)");
  await expect(animalsRow.getByRole("list", { name: "Speech challenges of Animals" })).toContainText("Greet a friend");

  // Levels 2 and 3 through "+ Sub".
  const addSub = async (parentName: string, name: string) => {
    await page.getByRole("button", { name: `Add a subcategory to ${parentName}` }).click();
    const sub = page.getByRole("region", { name: "New category" });
    await sub.getByLabel("Name").fill(name);
    await sub.getByRole("button", { name: "Create category" }).click();
    await expect(sub).toHaveCount(0);
    await expect(page.getByTestId("category-name").filter({ hasText: name })).toBeVisible();
  };
  await addSub("Animals", "Mammals");
  await addSub("Mammals", "Cats");
  await addSub("Animals", "Birds");
  await addSub("Animals", "Fish");
  await category(request, token, { name: "Plants", color: "green" });
  await page.reload();

  const level1 = await children(request, token, null);
  const [mammals, birds, fish] = (await children(request, token, animals)).map((c) => c.id);
  const cats = (await children(request, token, mammals!))[0]!.id;
  const plants = level1.find((c) => c.name === "Plants")!.id;
  await expect.poll(() => rowIds(page)).toEqual([animals, mammals, cats, birds, fish, plants]);
  await expect(row(page, cats)).toHaveAttribute("data-depth", "2");
  await expect(row(page, animals)).toContainText("Greet a friend"); // the layout has settled

  // Drag Fish (last child of Animals) above Mammals: Animals' children become Fish, Mammals, Birds.
  await dragRow(page, row(page, fish!), "Drag Fish", { onto: row(page, mammals!) });
  await expect.poll(() => rowIds(page)).toEqual([animals, fish, mammals, cats, birds, plants]);
  const orderOf = async (parent: string | null) =>
    (await children(request, token, parent)).map((c) => [c.id, c.order] as const);
  await expect.poll(async () => (await orderOf(animals)).map(([id]) => id)).toEqual([fish, mammals, birds]);
  const orders = (await orderOf(animals)).map(([, order]) => order);
  expect(orders).toEqual([...orders].sort((a, b) => a - b));
  expect(new Set(orders).size).toBe(3);

  const settled = () => expect(page.getByTestId("category-tree")).not.toHaveAttribute("data-saving");
  await settled();
  // Drag Birds one level to the right: it nests under the row above's parent, Mammals, after Cats.
  await dragRow(page, row(page, birds!), "Drag Birds", { dx: 44 });
  await expect(row(page, birds!)).toHaveAttribute("data-depth", "2");
  await expect.poll(async () => (await children(request, token, mammals!)).map((c) => c.id)).toEqual([cats, birds]);
  expect(
    (await expectJson<Category>(await request.get(`/api/categories/${birds}`, { headers: authed(token) }), 200)).parent,
  ).toBe(mammals);

  await settled();
  // The keyboard buttons: Plants up (top level), then Cats out of Mammals (after Mammals, in Animals).
  await row(page, plants).getByRole("button", { name: "Move Plants up" }).click();
  await expect.poll(async () => (await children(request, token, null)).map((c) => c.id)).toEqual([plants, animals]);
  await row(page, cats).getByRole("button", { name: "Move Cats out of its parent" }).click();
  await expect
    .poll(async () => (await children(request, token, animals)).map((c) => c.id))
    .toEqual([fish, mammals, cats]);

  // All of it survives a reload.
  await page.reload();
  await expect.poll(() => rowIds(page)).toEqual([plants, animals, fish, mammals, birds, cats]);
  await expect(row(page, birds!)).toHaveAttribute("data-depth", "2");
  await expect(row(page, cats)).toHaveAttribute("data-depth", "1");
  await expect(row(page, animals).getByRole("img", { name: "Image of Animals" })).toBeVisible();
  await snap(page, "categories-tree");

  // Edit: the form holds the stored values; a new name and one challenge fewer are saved.
  await row(page, animals).getByRole("button", { name: "Edit Animals" }).click();
  const edit = page.getByRole("region", { name: "Edit Animals" });
  await expect(edit.getByLabel("Colour", { exact: true })).toHaveValue("#e11d48");
  await edit.getByLabel("Name").fill("Animal kingdom");
  await edit.getByRole("button", { name: /Remove Greet a friend/ }).click();
  await edit.getByRole("button", { name: "Save category" }).click();
  await expect(edit).toHaveCount(0);
  const edited = await expectJson<Category>(
    await request.get(`/api/categories/${animals}`, { headers: authed(token) }),
    200,
  );
  expect(edited).toMatchObject({ name: "Animal kingdom", speechChallenges: [weather], color: "#e11d48" });
  await expect(row(page, animals).getByTestId("category-name")).toContainText("Animal kingdom");
});

test("a move the API refuses is put back and its message shown", async ({ page, request, world }) => {
  const first = await category(request, world.orgToken, { name: "First" });
  const second = await category(request, world.orgToken, { name: "Second" });
  await signInAsOrganisationUser(page, request, world, "ORGANISATION");
  await page.goto("/categories");
  await expect.poll(() => rowIds(page)).toEqual([first, second]);
  await page.route(`**/api/categories/${second}`, (route) =>
    route.request().method() === "PUT"
      ? route.fulfill({
          status: 422,
          contentType: "application/json",
          body: JSON.stringify({ message: "Refused on purpose", errors: [] }),
        })
      : route.fallback(),
  );
  await row(page, second).getByRole("button", { name: "Move Second up" }).click();
  await expect(page.getByText("Refused on purpose")).toBeVisible();
  await expect.poll(() => rowIds(page)).toEqual([first, second]);
  expect((await children(request, world.orgToken, null)).map((c) => c.id)).toEqual([first, second]);
});
