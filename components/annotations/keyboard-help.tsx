// The editor's keys and mouse gestures, for whoever looks.
const KEYS: [string, string][] = [
  ["Space", "play or pause"],
  ["← / → (Shift: 5 s)", "move the playback position by 1 s"],
  ["Home / End", "go to the start / end"],
  ["Tab / Shift + Tab", "select the next / previous fragment"],
  ["Esc", "clear the selection"],
  ["L", "loop the selected fragment (again: stop)"],
  ["[ / ]", "slower / faster (pitch kept)"],
  ["1 … 9", "give the selected fragment its layer's 1st … 9th label"],
  ["X", "split the selected fragment at the playback position"],
  ["J / Shift + J", "merge the selected fragment with the next / previous one"],
  ["Drag in a lane", "draw a fragment"],
  ["Drag a fragment / its edges", "move it / resize it"],
  ["Drag a shared boundary", "move the end of one and the start of the other (Alt: only one)"],
  ["Arrows on a fragment", "move it by 10 ms (Shift: 100 ms); Alt + arrows move its end"],
  ["Delete", "delete the selected fragment"],
  ["Ctrl + S", "save"],
  ["Ctrl + Z", "undo the last edit"],
  ["Ctrl + Shift + Z or Ctrl + Y", "redo"],
  ["+ / − or Ctrl + wheel", "zoom in / out"],
  ["Shift + wheel, overview bar", "scroll along the recording"],
];

export function KeyboardHelp() {
  return (
    <details className="rounded-md border border-slate-200 bg-white px-3 py-2 text-sm text-slate-700">
      <summary className="cursor-pointer font-medium">Keys and gestures</summary>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {KEYS.map(([key, what]) => (
          <div key={key} className="contents">
            <dt className="font-mono text-xs leading-5">{key}</dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
