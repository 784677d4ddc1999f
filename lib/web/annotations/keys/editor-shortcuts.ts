import type { EditorKeys } from "./use-editor-keys";

// The annotation editor's keys and mouse gestures: the key handler (./use-editor-keys.ts) runs
// the entries that have an `action`, and the help dialog (components/annotations/keyboard-help.tsx)
// lists every entry, in this order. A new shortcut is one entry here.

/** The parts of a key press the shortcuts read. */
export type KeyPress = Pick<KeyboardEvent, "key" | "shiftKey" | "ctrlKey" | "metaKey" | "altKey">;

/** Where a key was pressed: on a button or link (not a fragment), on a slider, in the lanes or the page's body. */
export type KeyPlace = { onControl: boolean; onSlider: boolean; inLanes: boolean };

export type EditorShortcut = {
  /** The keys or gesture, as the help dialog shows them. */
  keys: string;
  /** What it does, in words. */
  does: string;
  /** Absent for mouse gestures and for keys a focused fragment handles itself (listed for help only). */
  action?: {
    matches: (press: KeyPress, place: KeyPlace) => boolean;
    /** Does it; `false` when it did nothing, so the key keeps the browser's meaning. */
    run: (keys: EditorKeys, press: KeyPress, place: KeyPlace) => unknown;
    /** The browser's own meaning of the key is suppressed when the shortcut runs. */
    preventDefault?: boolean;
    /** Also from a text field (everything else leaves text fields their own keys). */
    inTextFields?: boolean;
  };
};

const command = (p: KeyPress) => p.ctrlKey || p.metaKey;
/** A plain key: no Ctrl or Cmd held. */
const plain = (p: KeyPress, ...keys: string[]) => !command(p) && keys.includes(p.key);
const letter = (p: KeyPress, l: string) => !command(p) && p.key.toLowerCase() === l;

export const EDITOR_SHORTCUTS: readonly EditorShortcut[] = [
  {
    keys: "Space",
    does: "play or pause",
    action: {
      matches: (p, at) => plain(p, " ") && !at.onControl,
      run: (k) => k.playPause(),
      preventDefault: true,
    },
  },
  {
    keys: "← / → (Shift: 5 s)",
    does: "move the playback position by 1 s",
    action: {
      matches: (p, at) => plain(p, "ArrowLeft", "ArrowRight") && !at.onSlider,
      run: (k, p) => k.seekBy?.((p.key === "ArrowLeft" ? -1 : 1) * (p.shiftKey ? 5000 : 1000)),
      preventDefault: true,
    },
  },
  {
    keys: "Home / End",
    does: "go to the start / end",
    action: {
      matches: (p, at) => plain(p, "Home", "End") && !at.onSlider,
      run: (k, p) => k.seekTo?.(p.key === "Home" ? "start" : "end"),
      preventDefault: true,
    },
  },
  {
    keys: "Tab / Shift + Tab",
    does: "select the next / previous fragment",
    action: {
      // From the lanes or the page's body; from other controls Tab moves focus as usual.
      matches: (p) => plain(p, "Tab"),
      run: (k, p, at) => at.inLanes && !!k.step?.(p.shiftKey ? -1 : 1),
      preventDefault: true,
    },
  },
  {
    keys: "Esc",
    does: "clear the selection",
    action: { matches: (p) => plain(p, "Escape"), run: (k) => k.deselect() },
  },
  {
    keys: "L",
    does: "loop the selected fragment (again: stop)",
    action: { matches: (p) => letter(p, "l"), run: (k) => k.loop?.() },
  },
  {
    keys: "[ / ]",
    does: "slower / faster (pitch kept)",
    action: { matches: (p) => plain(p, "[", "]"), run: (k, p) => k.rate?.(p.key === "[" ? -1 : 1) },
  },
  {
    keys: "1 … 9",
    does: "give the selected fragment its layer's 1st … 9th label",
    action: { matches: (p) => !command(p) && /^[1-9]$/.test(p.key), run: (k, p) => k.label?.(Number(p.key)) },
  },
  {
    keys: "X",
    does: "split the selected fragment at the playback position",
    action: { matches: (p) => letter(p, "x"), run: (k) => k.split?.() },
  },
  {
    keys: "J / Shift + J",
    does: "merge the selected fragment with the next / previous one",
    action: { matches: (p) => letter(p, "j"), run: (k, p) => k.merge?.(p.shiftKey ? -1 : 1) },
  },
  { keys: "Drag in a lane", does: "draw a fragment" },
  { keys: "Drag a fragment / its edges", does: "move it / resize it" },
  { keys: "Drag a shared boundary", does: "move the end of one and the start of the other (Alt: only one)" },
  { keys: "Arrows on a fragment", does: "move it by 10 ms (Shift: 100 ms); Alt + arrows move its end" },
  {
    keys: "Delete",
    does: "delete the selected fragment",
    action: {
      matches: (p, at) => plain(p, "Delete") || (plain(p, "Backspace") && !at.onControl),
      run: (k) => k.remove(),
      preventDefault: true,
    },
  },
  {
    keys: "Ctrl + S",
    does: "save",
    action: {
      matches: (p) => command(p) && p.key.toLowerCase() === "s",
      run: (k) => k.save(),
      preventDefault: true,
      inTextFields: true,
    },
  },
  {
    keys: "Ctrl + Z",
    does: "undo the last edit",
    action: {
      matches: (p) => command(p) && p.key.toLowerCase() === "z" && !p.shiftKey,
      run: (k) => (k.undo ? k.undo() : false),
      preventDefault: true,
    },
  },
  {
    keys: "Ctrl + Shift + Z or Ctrl + Y",
    does: "redo",
    action: {
      matches: (p) => {
        const key = p.key.toLowerCase();
        return command(p) && ((key === "z" && p.shiftKey) || (key === "y" && p.ctrlKey && !p.shiftKey));
      },
      run: (k) => (k.redo ? k.redo() : false),
      preventDefault: true,
    },
  },
  {
    keys: "+ / − or Ctrl + wheel",
    does: "zoom in / out",
    action: { matches: (p) => plain(p, "+", "=", "-"), run: (k, p) => k.zoom(p.key === "-" ? -1 : 1) },
  },
  { keys: "Shift + wheel, overview bar", does: "scroll along the recording" },
];

/** The shortcut a key press runs, if any (outside text fields unless it says otherwise). */
export function shortcutFor(press: KeyPress, place: KeyPlace, inTextField: boolean): EditorShortcut["action"] {
  for (const { action } of EDITOR_SHORTCUTS) {
    if (!action?.matches(press, place)) continue;
    if ((press.altKey || inTextField) && !action.inTextFields) return undefined;
    return action;
  }
  return undefined;
}
