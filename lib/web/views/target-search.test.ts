import { expect, test } from "@playwright/test";
import { matchesAnnouncement, searchTargets } from "./target-search";

type Item = { id: string; name: string };
const describe = (i: Item) => ({ primary: i.name, secondary: i.id });
const items: Item[] = [
  { id: "u-1", name: "Ben van Dijk" },
  { id: "u-2", name: "Anna Bakker" },
  { id: "ben-tenant", name: "Zoë Smit" },
  { id: "u-4", name: "Benjamin Öztürk" },
  { id: "u-5", name: "Jan Bent" },
];
const ids = (text: string) => searchTargets(items, text, describe).map((i) => i.id);

test("name prefix first, then other name matches, then id-only matches, each in list order", () => {
  expect(ids("ben")).toEqual(["u-1", "u-4", "u-5", "ben-tenant"]);
});

test("every word must match the name or the id; case and accents are ignored", () => {
  expect(ids("van DIJK")).toEqual(["u-1"]);
  expect(ids("dijk ben")).toEqual(["u-1"]);
  expect(ids("ozturk")).toEqual(["u-4"]);
  expect(ids("zoe")).toEqual(["ben-tenant"]);
  expect(ids("anna u-2")).toEqual(["u-2"]);
  expect(ids("anna u-3")).toEqual([]);
  expect(ids("nobody")).toEqual([]);
});

test("blank text keeps the list as it is", () => {
  expect(ids("   ")).toEqual(items.map((i) => i.id));
});

test("the announcement says how many match, or that none do, in words", () => {
  const noun = { one: "user", many: "users" };
  expect(matchesAnnouncement(0, noun, " xyz ")).toBe("No users match “xyz”.");
  expect(matchesAnnouncement(1, noun, "a")).toBe("1 user matches.");
  expect(matchesAnnouncement(7, noun, "a")).toBe("7 users match.");
});
