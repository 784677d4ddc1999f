import type { LayerChange } from "@/lib/web/annotations/saving/import-preview";

// Per layer, what applying something (an import, a revision) would add, remove and change.
export function LayerChangesTable({
  rows,
  caption,
  captionHidden = false,
  testId,
  className = "",
}: {
  rows: LayerChange[];
  caption: string;
  captionHidden?: boolean;
  testId: string;
  className?: string;
}) {
  return (
    <table className={`w-full max-w-xl border-collapse text-left ${className}`} data-testid={testId}>
      <caption className={captionHidden ? "sr-only" : "text-left font-semibold"}>{caption}</caption>
      <thead>
        <tr className="border-b border-slate-300">
          {["Layer", "Added", "Removed", "Changed", "Unchanged"].map((h) => (
            <th key={h} scope="col" className="py-1 pr-4 font-semibold">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.layer} className="border-b border-slate-200">
            <th scope="row" className="py-1 pr-4 font-normal">
              {r.layer}
            </th>
            {[r.added, r.removed, r.changed, r.unchanged].map((n, i) => (
              <td key={i} className="py-1 pr-4 tabular-nums">
                {n}
              </td>
            ))}
          </tr>
        ))}
        {rows.length === 0 && (
          <tr>
            <td colSpan={5} className="py-1">
              Nothing on either side.
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}
