"use client";
import { useEffect, useRef } from "react";
import { Button } from "@/components/button";
import { formatDateTime } from "@/lib/web/format";
import { layerDifferences } from "@/lib/web/annotations/items";
import type { Conflict } from "@/lib/web/annotations/use-annotation-save";

// Someone saved the annotation after the version this editor loaded: nothing of mine was
// saved. Who wins: their version (mine is dropped) or mine (saved again on top of theirs).

type Props = { conflict: Conflict; layerOrder: readonly string[]; busy: boolean; onLoadTheirs: () => void; onKeepMine: () => void };

export function ConflictPanel({ conflict, layerOrder, busy, onLoadTheirs, onKeepMine }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [conflict]);
  const theirs = conflict.theirs.annotation;
  const rows = layerDifferences(conflict.mine, theirs.fragments, layerOrder);
  const marker = (label: string, value: string | null) => `${label}: ${value ? `done ${formatDateTime(value)}` : "not done"}`;
  return (
    <section role="alert" aria-labelledby="conflict-title" className="space-y-3 rounded-md border-2 border-amber-500 bg-amber-50 p-4 text-sm text-amber-950" data-testid="conflict-panel">
      <h2 id="conflict-title" ref={heading} tabIndex={-1} className="text-base font-semibold">
        Someone else saved this annotation while you were editing
      </h2>
      <p>
        Nothing of yours was saved. Their version was saved {formatDateTime(theirs.updated)}. Choose which version to keep: the other one is lost.
      </p>
      <table className="w-full max-w-md border-collapse text-left">
        <caption className="sr-only">Fragments per layer in each version</caption>
        <thead>
          <tr className="border-b border-amber-300">
            <th scope="col" className="py-1 pr-4 font-semibold">Layer</th>
            <th scope="col" className="py-1 pr-4 font-semibold">Yours</th>
            <th scope="col" className="py-1 font-semibold">Theirs</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.layer} className={`border-b border-amber-200 ${r.mine !== r.theirs ? "font-semibold" : ""}`}>
              <th scope="row" className="py-1 pr-4 font-normal">{r.layer}</th>
              <td className="py-1 pr-4 tabular-nums">{r.mine}</td>
              <td className="py-1 tabular-nums">{r.theirs}</td>
            </tr>
          ))}
          {rows.length === 0 && (
            <tr>
              <td colSpan={3} className="py-1">Neither version has fragments.</td>
            </tr>
          )}
        </tbody>
      </table>
      <p className="text-xs">
        Their markers: {marker("base", theirs.doneBase)}; {marker("full", theirs.doneFull)}.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="primary" onClick={onLoadTheirs} disabled={busy}>
          Load their version
        </Button>
        <Button onClick={onKeepMine} disabled={busy}>
          Keep mine
        </Button>
      </div>
      <p className="text-xs">“Load their version” drops your changes; “Keep mine” saves your version over theirs.</p>
    </section>
  );
}
