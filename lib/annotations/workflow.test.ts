import { expect, test } from "@playwright/test";
import { ApiError } from "@/lib/api/errors";
import type { Editor } from "./fragments";
import { applyMarkers, checkFragmentEdit, type DoneMarkers, type MarkerChange } from "./workflow";

const T1 = new Date("2030-01-01T10:00:00.000Z");
const T2 = new Date("2030-01-02T10:00:00.000Z");
const T3 = new Date("2030-01-03T10:00:00.000Z");
const open: DoneMarkers = { doneBase: null, doneFull: null };
const baseDone: DoneMarkers = { doneBase: T1, doneFull: null };
const allDone: DoneMarkers = { doneBase: T1, doneFull: T2 };

/** The outcome: the new markers, or the HTTP-ish error code. */
function outcome(editor: Editor, current: DoneMarkers, change: MarkerChange, hasBase = true): DoneMarkers | string {
  try {
    return applyMarkers(editor, current, change, hasBase);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return (error as ApiError).code;
  }
}

test("base annotator: sets and clears doneBase until doneFull; never doneFull", () => {
  expect(outcome("base", open, { doneBase: T1 })).toEqual(baseDone);
  expect(outcome("base", baseDone, { doneBase: null })).toEqual(open);
  expect(outcome("base", baseDone, { doneBase: T3 })).toEqual({ doneBase: T3, doneFull: null });
  expect(outcome("base", open, {})).toEqual(open);
  expect(outcome("base", open, { doneFull: T2 })).toBe("forbidden");
  expect(outcome("base", baseDone, { doneFull: T2 })).toBe("forbidden");
  // Echoing doneFull's current value (null) is no change.
  expect(outcome("base", baseDone, { doneFull: null, doneBase: T1 })).toEqual(baseDone);
  // Once the full annotator is done, nothing at all.
  for (const change of [
    {},
    { doneBase: null },
    { doneBase: T1 },
    { doneFull: null },
    { doneFull: T2 },
  ] as MarkerChange[]) {
    expect(outcome("base", allDone, change), JSON.stringify(change)).toBe("conflict");
  }
});

test("full annotator: doneFull only after doneBase; doneBase only to send the work back", () => {
  expect(outcome("full", baseDone, { doneFull: T2 })).toEqual(allDone);
  expect(outcome("full", open, { doneFull: T2 })).toBe("conflict");
  expect(outcome("full", open, { doneBase: T1 })).toBe("forbidden");
  expect(outcome("full", baseDone, { doneBase: T3 })).toBe("forbidden");
  expect(outcome("full", baseDone, { doneBase: null })).toEqual(open);
  // Setting both at once is still setting doneBase.
  expect(outcome("full", open, { doneBase: T1, doneFull: T2 })).toBe("forbidden");
  // While done: may reopen, may re-date, may not send back without reopening.
  expect(outcome("full", allDone, { doneFull: null })).toEqual(baseDone);
  expect(outcome("full", allDone, { doneFull: T3 })).toEqual({ doneBase: T1, doneFull: T3 });
  expect(outcome("full", allDone, { doneBase: null })).toBe("conflict");
  expect(outcome("full", allDone, { doneBase: null, doneFull: null })).toEqual(open);
  // Echoes of the current values are no change, whatever they are.
  expect(outcome("full", allDone, { doneBase: new Date(T1.getTime()), doneFull: new Date(T2.getTime()) })).toEqual(
    allDone,
  );
  expect(outcome("full", open, { doneBase: null, doneFull: null })).toEqual(open);
});

test("full annotator without a base annotator does both stages", () => {
  expect(outcome("full", open, { doneFull: T2 }, false)).toEqual({ doneBase: null, doneFull: T2 });
  expect(outcome("full", open, { doneBase: T1 }, false)).toEqual(baseDone);
  expect(outcome("full", open, { doneBase: T1, doneFull: T2 }, false)).toEqual(allDone);
  expect(outcome("full", { doneBase: null, doneFull: T2 }, { doneBase: T1 }, false)).toEqual(allDone);
});

test("administrators move any marker in any order", () => {
  for (const current of [open, baseDone, allDone]) {
    for (const change of [
      { doneFull: T3 },
      { doneBase: null, doneFull: T3 },
      { doneBase: null },
      { doneFull: null },
      { doneBase: T3, doneFull: null },
    ] as MarkerChange[]) {
      const next = outcome("admin", current, change);
      expect(next).toEqual({
        doneBase: change.doneBase === undefined ? current.doneBase : change.doneBase,
        doneFull: change.doneFull === undefined ? current.doneFull : change.doneFull,
      });
    }
  }
});

test("fragment edits: base annotators stop at doneBase (until reopened) and doneFull; others never", () => {
  expect(() => checkFragmentEdit("base", open)).not.toThrow();
  expect(() => checkFragmentEdit("base", baseDone)).toThrow(ApiError);
  expect(() => checkFragmentEdit("base", baseDone, open)).not.toThrow();
  expect(() => checkFragmentEdit("full", baseDone)).not.toThrow();
  expect(() => checkFragmentEdit("base", allDone)).toThrow(ApiError);
  expect(() => checkFragmentEdit("full", allDone)).not.toThrow();
  expect(() => checkFragmentEdit("admin", allDone)).not.toThrow();
});

test("true marks done now, and keeps a marker that is already set", () => {
  const marked = outcome("base", open, { doneBase: true });
  expect(typeof marked).toBe("object");
  expect((marked as DoneMarkers).doneBase).toBeInstanceOf(Date);
  // Already set: `true` is no change, so the full annotator may echo it.
  expect(outcome("full", baseDone, { doneBase: true, doneFull: true })).toEqual({
    doneBase: T1,
    doneFull: expect.any(Date),
  });
  expect(outcome("full", allDone, { doneFull: true })).toEqual(allDone);
  // Not set yet: still the base annotator's marker.
  expect(outcome("full", open, { doneBase: true })).toBe("forbidden");
});
