// The editor's keys and mouse gestures, for whoever looks.
const KEYS: [string, string][] = [
  ["Space", "play or pause"],
  ["Drag in a lane", "draw a fragment"],
  ["Drag a fragment / its edges", "move it / resize it"],
  ["Tab, arrows", "reach a fragment, move it by 10 ms (Shift: 100 ms)"],
  ["Alt + arrows", "move the fragment's end"],
  ["Delete", "delete the selected fragment"],
  ["Ctrl + S", "save"],
  ["+ / −", "zoom in / out"],
  ["Shift + wheel", "scroll along the recording"],
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
