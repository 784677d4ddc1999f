import { expect, test } from "@playwright/test";
import { editorTitle, formatDuration, fullBeforeBase, nextStepFor, workflowStage } from "./context-text";

test("durations read as m:ss, or h:mm:ss from an hour", () => {
  expect(formatDuration(351)).toBe("5:51");
  expect(formatDuration(4.4)).toBe("0:04");
  expect(formatDuration(3723)).toBe("1:02:03");
  expect(formatDuration(null)).toBeNull();
  expect(formatDuration(Number.NaN)).toBeNull();
});

test("the title names what was read and by whom, never ids", () => {
  expect(
    editorTitle({ topic: "The north wind and the sun", prompt: null, student: "Student 4F2A9C", durationSec: 351 }),
  ).toBe("Annotate: ‘The north wind and the sun’ — read by Student 4F2A9C, 5:51");
  // Without a topic, the prompt's start (shortened); without a name, a neutral label.
  const long = "The north wind and the sun were disputing which was the stronger, when a traveller came along";
  expect(editorTitle({ topic: " ", prompt: long, student: null, durationSec: null })).toBe(
    "Annotate: ‘The north wind and the sun were disputing which was the str…’ — read by a student",
  );
  expect(editorTitle({ topic: null, prompt: null, student: "Ann", durationSec: 2 })).toBe(
    "Annotate: a recording — read by Ann, 0:02",
  );
});

test("the workflow stage follows the markers; each role is told its next step", () => {
  const open = { doneBase: null, doneFull: null };
  const based = { doneBase: "2026-01-01T00:00:00.000Z", doneFull: null };
  const done = { doneBase: "2026-01-01T00:00:00.000Z", doneFull: "2026-01-02T00:00:00.000Z" };
  expect(workflowStage(open, true).key).toBe("base");
  expect(workflowStage(null, true).key).toBe("base");
  expect(workflowStage(based, true).key).toBe("full");
  expect(workflowStage(done, true).key).toBe("done");
  expect(workflowStage(open, false).key).toBe("no-base");
  expect(nextStepFor("full", workflowStage(open, true))).toMatch(/Not your turn/);
  expect(nextStepFor("full", workflowStage(based, true))).toMatch(/Your turn/);
  expect(nextStepFor("base", workflowStage(open, true))).toMatch(/base done/);
  expect(nextStepFor("base", workflowStage(done, true))).toBeNull();
  expect(nextStepFor("none", workflowStage(open, true))).toBeNull();
});

test("full before base: only a full annotator, with a base annotator who is not done", () => {
  const open = { doneBase: null, doneFull: null };
  expect(fullBeforeBase("full", open, true)).toBe(true);
  expect(fullBeforeBase("full", open, false)).toBe(false);
  expect(fullBeforeBase("full", { doneBase: "2026-01-01T00:00:00.000Z", doneFull: null }, true)).toBe(false);
  expect(fullBeforeBase("admin", open, true)).toBe(false);
  expect(fullBeforeBase("base", open, true)).toBe(false);
  expect(fullBeforeBase("full", null, true)).toBe(false);
});
