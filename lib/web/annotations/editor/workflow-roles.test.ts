import { expect, test } from "@playwright/test";
import { DEFAULT_LAYERS } from "@/lib/annotations/label-schemes";
import { defaultLabel, labelsFor, layersFor, markerActions, readOnlyReason, roleOf } from "./workflow-roles";

const assignment = { baseAnnotator: "b", fullAnnotator: "f" };
const at = "2026-01-01T00:00:00.000Z";
const layer = (name: string) => DEFAULT_LAYERS.find((l) => l.name === name)!;

test("the caller's role: admin before full before base", () => {
  expect(roleOf(assignment, "f", true)).toBe("admin");
  expect(roleOf(assignment, "f", false)).toBe("full");
  expect(roleOf(assignment, "b", false)).toBe("base");
  expect(roleOf(assignment, "x", false)).toBe("none");
  expect(roleOf({ baseAnnotator: null, fullAnnotator: "f" }, null, false)).toBe("none");
});

test("base annotators see their subset of layers and labels", () => {
  expect(layersFor(DEFAULT_LAYERS, "base").map((l) => l.name)).toEqual(["Words", "Prompt", "OutOfPrompt", "Noise"]);
  expect(layersFor(DEFAULT_LAYERS, "full").map((l) => l.name)).toContain("Error");
  expect(labelsFor(layer("Error"), "base")).toEqual([]);
  expect(labelsFor(layer("Error"), "full")).toEqual([
    "Pronunciation",
    "Substitution",
    "Deletion",
    "Insertion",
    "Grammar",
  ]);
  expect(defaultLabel(layer("Noise"), "base")).toBe("Noise");
  expect(defaultLabel(layer("Words"), "base")).toBe("");
});

test("done markers per role", () => {
  const keys = (
    role: Parameters<typeof markerActions>[0],
    doneBase: string | null,
    doneFull: string | null,
    hasBase = true,
  ) =>
    markerActions(role, { doneBase, doneFull }, hasBase).map(
      (a) => `${a.label}${a.disabledReason ? " (disabled)" : ""}`,
    );
  expect(keys("base", null, null)).toEqual(["Mark done (base)"]);
  expect(keys("base", at, null)).toEqual(["Reopen"]);
  expect(keys("base", at, at)).toEqual([]);
  expect(keys("full", null, null)).toEqual(["Mark done (full) (disabled)"]);
  expect(keys("full", at, null)).toEqual(["Mark done (full)", "Send back to base"]);
  expect(keys("full", at, at)).toEqual(["Reopen", "Send back to base (disabled)"]);
  expect(keys("full", null, null, false)).toEqual(["Mark done (full)"]);
  expect(keys("admin", null, null)).toEqual(["Mark done (base)", "Mark done (full)"]);
  expect(keys("none", null, null)).toEqual([]);
});

test("read-only views say why", () => {
  expect(readOnlyReason("base", { doneBase: at, doneFull: at })).toContain(
    "full annotator has marked this recording done",
  );
  expect(readOnlyReason("base", { doneBase: at, doneFull: null })).toContain("handed this recording over");
  expect(readOnlyReason("base", { doneBase: null, doneFull: null })).toBeNull();
  expect(readOnlyReason("full", { doneBase: at, doneFull: at })).toBeNull();
  expect(readOnlyReason("none", null)).toContain("not an annotator");
});
