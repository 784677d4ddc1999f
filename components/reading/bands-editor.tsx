"use client";
import { useId, useState } from "react";
import { Button } from "@/components/button";
import type { Band } from "@/lib/reading/fluency";
import { MAX_BANDS } from "@/lib/reading/fluency-schemas";
import { type BandRow, checkBands, rowsOf } from "@/lib/web/reading/bands-form";
import { useSaveBands } from "@/lib/web/reading/use-fluency";
import { toast } from "@/lib/web/ui/toast";

// The school's reading bands of a group, edited in place on the fluency page by those who may set
// them: a name and a WCPM threshold per band ("below"), added and removed, checked before saving
// (problems listed in words), saved through PUT /api/groups/:group/reading-bands.

export function BandsEditor({ group, bands }: { group: string; bands: Band[] }) {
  const [rows, setRows] = useState<BandRow[] | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [badRows, setBadRows] = useState<Set<number>>(new Set());
  const save = useSaveBands(group);
  const id = useId();

  if (!rows) {
    return (
      <Button onClick={() => setRows(bands.length ? rowsOf(bands) : [{ name: "", belowWcpm: "" }])}>Edit bands</Button>
    );
  }
  const change = (i: number, patch: Partial<BandRow>) =>
    setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const close = () => {
    setRows(null);
    setProblems([]);
    setBadRows(new Set());
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const check = checkBands(rows);
    setProblems(check.problems);
    setBadRows(check.badRows);
    if (check.problems.length) return;
    try {
      await save.mutateAsync(check.bands);
      toast.success("Reading bands saved");
      close();
    } catch (error) {
      setProblems([(error as Error).message]);
    }
  };

  return (
    <form
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
      className="space-y-3 rounded-md border border-slate-200 p-3"
    >
      <h3 id={`${id}-title`} className="text-sm font-semibold">
        Edit the reading bands
      </h3>
      <p className="text-xs text-slate-600">
        A student whose latest WCPM is below a band’s threshold (and not below a lower band’s) is in that band.
      </p>
      {rows.length === 0 && <p className="text-sm text-slate-600">No bands: saving removes them.</p>}
      <ul className="space-y-2">
        {rows.map((row, i) => (
          <li key={i} className="flex flex-wrap items-end gap-2" data-testid="band-row">
            <label className="flex flex-col gap-1 text-sm">
              Name of band {i + 1}
              <input
                value={row.name}
                onChange={(e) => change(i, { name: e.target.value })}
                aria-invalid={badRows.has(i) || undefined}
                className="rounded-md border border-slate-300 px-2 py-1"
              />
            </label>
            <label className="flex flex-col gap-1 text-sm">
              Below WCPM (band {i + 1})
              <input
                value={row.belowWcpm}
                inputMode="decimal"
                onChange={(e) => change(i, { belowWcpm: e.target.value })}
                aria-invalid={badRows.has(i) || undefined}
                className="w-28 rounded-md border border-slate-300 px-2 py-1 tabular-nums"
              />
            </label>
            <Button variant="ghost" onClick={() => setRows(rows.filter((_, j) => j !== i))}>
              Remove band {i + 1}
            </Button>
          </li>
        ))}
      </ul>
      {problems.length > 0 && (
        <div role="alert" data-testid="band-problems">
          <ul className="list-disc pl-5 text-sm font-medium text-red-700">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => setRows([...rows, { name: "", belowWcpm: "" }])} disabled={rows.length >= MAX_BANDS}>
          Add a band
        </Button>
        <Button type="submit" variant="primary" disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save bands"}
        </Button>
        <Button variant="ghost" onClick={close}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
