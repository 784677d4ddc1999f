import { EDITOR_SHORTCUTS } from "@/lib/web/annotations/keys/editor-shortcuts";

// The editor's keys and mouse gestures, for whoever looks: the table the key handler runs.
export function KeyboardHelp() {
  return (
    <details className="rounded-md border border-slate-200 bg-white px-3 py-2 text-sm text-slate-700">
      <summary className="cursor-pointer font-medium">Keys and gestures</summary>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {EDITOR_SHORTCUTS.map(({ keys, does }) => (
          <div key={keys} className="contents">
            <dt className="font-mono text-xs leading-5">{keys}</dt>
            <dd>{does}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
