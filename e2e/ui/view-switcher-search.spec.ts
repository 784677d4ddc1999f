// "Switch view" has a search: typing filters the users (tenants, organisations) offered by name
// and by id, from the keyboard (arrows between the box and the results, Enter takes the first),
// says in words how many match or that none do, and fetches the list once, not per key press.
import { createUser, uniqueId } from "../support/api";
import { seriousViolations } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { snap } from "../support/screenshots";
import { signInAsOrganisationUser } from "../support/ui";

test("the view switcher searches users by name and id, from the keyboard, and announces the matches", async ({
  page,
  request,
  world,
}) => {
  test.setTimeout(120_000);
  // More users than the switcher's first page (8), so the one sought is not on it.
  const names = [
    "Ada Alpha",
    "Ben Bravo",
    "Cas Charlie",
    "Dirk Delta",
    "Eva Echo",
    "Fien Foxtrot",
    "Gijs Golf",
    "Hana Hotel",
    "Ivo India",
    "Joke Juliet",
    "Kees Kilo",
  ];
  for (const name of names) {
    const [firstName, lastName] = name.split(" ");
    await createUser(request, world.orgToken, { firstName, infix: "", lastName, roles: ["STUDENT"] });
  }
  const zedId = uniqueId("pupil");
  await createUser(request, world.orgToken, {
    id: zedId,
    firstName: "Zoë",
    infix: "van",
    lastName: "Zulu",
    roles: ["STUDENT"],
  });

  await signInAsOrganisationUser(page, request, world, "ORGANISATION");
  await page.getByRole("button", { name: "Switch view" }).click();
  const box = page.getByRole("searchbox", { name: "Search users" });
  await expect(box).toBeFocused();
  const list = page.getByRole("list", { name: "Users" });
  await expect(list.getByRole("button")).toHaveCount(8);
  await expect(list.getByRole("button", { name: /Zulu/ })).toHaveCount(0);

  // Typing fetches the whole list once (one page of 100 here), not per key press.
  const fetches: string[] = [];
  page.on("request", (r) => new URL(r.url()).pathname === "/api/users" && fetches.push(r.url()));
  await box.pressSequentially("zoe zu", { delay: 40 });
  const status = page.getByRole("status").filter({ hasText: /match/ });
  await expect(status).toHaveText("1 user matches.");
  await expect(list.getByRole("button")).toHaveCount(1);
  await expect(list.getByRole("button").first()).toContainText("Zoë van Zulu");
  // People see names and roles, not ids (issue 29); the id still finds them.
  await expect(list.getByRole("button").first()).not.toContainText(zedId);
  expect(fetches).toHaveLength(1);

  // By id; by part of a name (several); no match, in words.
  await box.fill(zedId);
  await expect(status).toHaveText("1 user matches.");
  await box.fill("a");
  await expect.poll(async () => list.getByRole("button").count()).toBeGreaterThan(5);
  await expect(list.getByRole("button").first()).toContainText("Ada Alpha");
  await box.fill("nobody-like-this");
  await expect(page.getByRole("status").filter({ hasText: "No users match" })).toHaveText(
    "No users match “nobody-like-this”.",
  );
  await expect(list).toHaveCount(0);
  expect(fetches).toHaveLength(1);
  expect(await seriousViolations(page)).toEqual([]);

  // Keyboard: down into the results, up back to the box; Enter takes the first match.
  await box.fill("juliet");
  await expect(list.getByRole("button")).toHaveCount(1);
  await page.keyboard.press("ArrowDown");
  await expect(list.getByRole("button", { name: /Joke Juliet/ })).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(box).toBeFocused();
  await box.fill("");
  await expect(list.getByRole("button")).toHaveCount(8);
  await box.pressSequentially("zulu");
  await expect(status).toHaveText("1 user matches.");
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, "view-switcher-search-1280");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("region", { name: "Active view" })).toContainText("Zoë van Zulu");
});
