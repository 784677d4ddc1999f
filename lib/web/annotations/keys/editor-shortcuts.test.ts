import { expect, test } from "@playwright/test";
import { EDITOR_SHORTCUTS, type KeyPlace, type KeyPress, shortcutFor } from "./editor-shortcuts";
import type { EditorKeys } from "./use-editor-keys";

const press = (key: string, mods: Partial<KeyPress> = {}): KeyPress => ({
  key,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});
const body: KeyPlace = { onControl: false, onSlider: false, inLanes: true };

function recorder() {
  const calls: string[] = [];
  const log =
    (name: string) =>
    (...args: unknown[]) => {
      calls.push(args.length ? `${name}(${args.join(",")})` : name);
    };
  const keys: EditorKeys = {
    playPause: log("playPause"),
    remove: log("remove"),
    save: log("save"),
    zoom: log("zoom"),
    deselect: log("deselect"),
    seekBy: log("seekBy"),
    merge: log("merge"),
    undo: log("undo"),
    step: () => false,
  };
  return { keys, calls };
}

test("each key runs its command, from the one table", () => {
  const { keys, calls } = recorder();
  for (const p of [
    press(" "),
    press("ArrowLeft", { shiftKey: true }),
    press("J", { shiftKey: true }),
    press("z", { ctrlKey: true }),
    press("-"),
  ])
    shortcutFor(p, body, false)?.run(keys, p, body);
  expect(calls).toEqual(["playPause", "seekBy(-5000)", "merge(-1)", "undo", "zoom(-1)"]);
});

test("text fields keep their keys except Ctrl+S; Alt leaves every key alone", () => {
  expect(shortcutFor(press("x"), body, true)).toBeUndefined();
  expect(shortcutFor(press("z", { ctrlKey: true }), body, true)).toBeUndefined();
  expect(shortcutFor(press(" ", { altKey: true }), body, false)).toBeUndefined();
  expect(shortcutFor(press("s", { metaKey: true }), body, true)?.inTextFields).toBe(true);
});

test("Tab without a fragment to select, or on a control, keeps moving focus", () => {
  const { keys } = recorder();
  const tab = press("Tab");
  expect(shortcutFor(tab, body, false)?.run(keys, tab, body)).toBe(false);
  const onButton = { ...body, onControl: true, inLanes: false };
  expect(shortcutFor(tab, onButton, false)?.run({ ...keys, step: () => true }, tab, onButton)).toBe(false);
  expect(shortcutFor(press(" "), onButton, false)).toBeUndefined();
});

test("every entry the handler runs is one the help lists, in words, once", () => {
  expect(EDITOR_SHORTCUTS.filter((s) => s.action).length).toBeGreaterThan(10);
  for (const s of EDITOR_SHORTCUTS) expect(s.keys.trim() && s.does.trim(), JSON.stringify(s)).toBeTruthy();
  expect(new Set(EDITOR_SHORTCUTS.map((s) => s.keys)).size).toBe(EDITOR_SHORTCUTS.length);
});
