"use client";
import { useMemo, useState } from "react";
import { Button } from "@/components/button";
import { ErrorState } from "@/components/states";
import { itemsFromWire } from "@/lib/web/annotations/model/items";
import type { Item, WireFragment } from "@/lib/web/annotations/model/types";
import { previewChanges } from "@/lib/web/annotations/saving/import-preview";
import { useApiQuery } from "@/lib/web/api/use-api";
import { formatDateTime } from "@/lib/web/ui/display-format";
import { LayerChangesTable } from "./layer-changes-table";

// The saved versions of the annotation (GET /api/annotations/:id/revisions), newest first:
// who saved each and when; "Compare" shows per layer how it differs from the draft, "Restore"
// puts it in the draft (one undoable step) and saves it as a new version with If-Match.

export type Revision = {
  version: number;
  savedBy: string | null;
  savedByName: string | null;
  saved: string;
  doneBase: string | null;
  doneFull: string | null;
  fragments: WireFragment[];
};

type Props = {
  annotationId: number;
  currentVersion: number;
  current: readonly Item[];
  layers: readonly string[];
  canRestore: boolean;
  busy: boolean;
  onRestore: (revision: Revision) => void;
};

export function HistoryPanel({ annotationId, currentVersion, current, layers, canRestore, busy, onRestore }: Props) {
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState<number | null>(null);
  // Keyed by the current version, so each save shows up when the panel is open.
  const list = useApiQuery<Revision[]>(open ? `/api/annotations/${annotationId}/revisions` : null, {
    perPage: "50",
    v: String(currentVersion),
  });
  const compared = list.data?.find((r) => r.version === shown) ?? null;
  const rows = useMemo(
    () => (compared ? previewChanges(current, itemsFromWire(compared.fragments), layers) : []),
    [compared, current, layers],
  );
  return (
    <section
      aria-label="History"
      className="rounded-md border border-slate-200 bg-white p-3 text-sm"
      data-testid="history"
    >
      <Button className="px-2 py-1" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {open ? "Hide history" : "History"}
      </Button>
      {open && list.isError && (
        <ErrorState title="The history could not be loaded" error={list.error} onRetry={() => list.refetch()} />
      )}
      {open && list.data && (
        <ol className="mt-2 space-y-1">
          {list.data.map((r) => (
            <li key={r.version} className="flex flex-wrap items-center gap-2" data-testid={`revision-${r.version}`}>
              <span className="font-medium">Version {r.version}</span>
              <span className="text-slate-600">
                {formatDateTime(r.saved)} by {r.savedByName ?? r.savedBy ?? "the organisation"} · {r.fragments.length}{" "}
                {r.fragments.length === 1 ? "fragment" : "fragments"}
                {r.version === currentVersion ? " · current" : ""}
              </span>
              <Button
                className="px-2 py-0.5 text-xs"
                aria-pressed={shown === r.version}
                onClick={() => setShown(shown === r.version ? null : r.version)}
                aria-label={`Compare version ${r.version} with the draft`}
              >
                Compare
              </Button>
              {canRestore && r.version !== currentVersion && (
                <Button
                  className="px-2 py-0.5 text-xs"
                  disabled={busy}
                  onClick={() => onRestore(r)}
                  aria-label={`Restore version ${r.version}`}
                >
                  Restore
                </Button>
              )}
            </li>
          ))}
        </ol>
      )}
      {compared && (
        <LayerChangesTable
          rows={rows}
          className="mt-2"
          testId="revision-compare"
          caption={`Restoring version ${compared.version} would change the draft like this (read-only)`}
        />
      )}
    </section>
  );
}
