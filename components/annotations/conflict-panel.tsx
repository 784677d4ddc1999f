"use client";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/button";
import { formatMs } from "@/lib/web/annotations/lanes/time-format";
import { type Choice, describeSide } from "@/lib/web/annotations/model/merge";
import type { Conflict } from "@/lib/web/annotations/saving/use-annotation-save";
import { formatDateTime } from "@/lib/web/ui/display-format";

// Someone saved the annotation after the version this editor started from, and some of their
// edits meet some of mine (same layer, overlapping times): nothing of mine was saved yet. Every
// edit that does not meet another is merged as it is; for each place where they meet the
// annotator keeps mine or theirs, then the merge is saved on top of their version. Or their
// version replaces mine altogether.

type Props = {
  conflict: Conflict;
  busy: boolean;
  onLoadTheirs: () => void;
  onSaveMerged: (choices: Record<number, Choice>) => void;
};

export function ConflictPanel({ conflict, busy, onLoadTheirs, onSaveMerged }: Props) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [choices, setChoices] = useState<Record<number, Choice>>({});
  useEffect(() => {
    heading.current?.focus();
    setChoices({});
  }, [conflict]);
  const theirs = conflict.theirs.annotation;
  const groups = conflict.merge.conflicts;
  const merged = conflict.merge.auto.length;
  const marker = (label: string, value: string | null) =>
    `${label}: ${value ? `done ${formatDateTime(value)}` : "not done"}`;
  return (
    <section
      role="alert"
      aria-labelledby={`${id}-title`}
      className="space-y-3 rounded-md border-2 border-amber-500 bg-amber-50 p-4 text-sm text-amber-950"
      data-testid="conflict-panel"
    >
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1} className="text-base font-semibold">
        Someone else saved this annotation while you were editing
      </h2>
      <p>
        Nothing of yours was saved yet. Their version (version {theirs.version}) was saved{" "}
        {formatDateTime(theirs.updated)}.{" "}
        {merged > 0 ? "Changes that do not meet the other side's are merged as they are. " : ""}
        {groups.length === 1 ? "In one place" : `In ${groups.length} places`} you both changed the same fragments:
        choose whose to keep.
      </p>
      <ol className="space-y-2">
        {groups.map((g) => (
          <li key={g.id} className="rounded border border-amber-300 bg-white/60 p-2" data-testid={`conflict-${g.id}`}>
            <fieldset>
              <legend className="font-semibold">
                {g.layer}, {formatMs(g.startMs)}–{formatMs(g.endMs)}
              </legend>
              <label className="mt-1 flex items-start gap-2">
                <input
                  type="radio"
                  name={`${id}-${g.id}`}
                  checked={(choices[g.id] ?? "mine") === "mine"}
                  onChange={() => setChoices((c) => ({ ...c, [g.id]: "mine" }))}
                />
                <span>Keep mine: {describeSide(g.mine)}</span>
              </label>
              <label className="flex items-start gap-2">
                <input
                  type="radio"
                  name={`${id}-${g.id}`}
                  checked={choices[g.id] === "theirs"}
                  onChange={() => setChoices((c) => ({ ...c, [g.id]: "theirs" }))}
                />
                <span>Keep theirs: {describeSide(g.theirs)}</span>
              </label>
            </fieldset>
          </li>
        ))}
      </ol>
      <p className="text-xs">
        Their markers: {marker("base", theirs.doneBase)}; {marker("full", theirs.doneFull)}.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="primary" onClick={() => onSaveMerged(choices)} disabled={busy}>
          Save merged version
        </Button>
        <Button onClick={onLoadTheirs} disabled={busy}>
          Load their version
        </Button>
      </div>
      <p className="text-xs">“Load their version” drops all your changes.</p>
    </section>
  );
}
