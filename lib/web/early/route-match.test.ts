import { expect, test } from "@playwright/test";
import { matchRoute } from "./route-match";

const entries = [
  { path: "/{...path}" },
  { path: "/users/{user}" },
  { path: "/users/me" },
  { path: "/categories/{category}/progress/grid" },
  { path: "/categories/{category}/progress" },
];

test("a fixed segment wins over a named one, and params come back decoded", () => {
  expect(matchRoute(entries, "/users/me")).toEqual({ entry: { path: "/users/me" }, params: {} });
  expect(matchRoute(entries, "/users/a%2Fb")).toEqual({ entry: { path: "/users/{user}" }, params: { user: "a/b" } });
  expect(matchRoute(entries, "/categories/root/progress/grid")?.entry.path).toBe(
    "/categories/{category}/progress/grid",
  );
});

test("no route of its own (only the catch-all) or a malformed escape: no match", () => {
  expect(matchRoute(entries, "/nothing/here")).toBeNull();
  expect(matchRoute(entries, "/users/%E0%A4%A")).toBeNull();
});
