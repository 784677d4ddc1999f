"use client";
import { useState } from "react";
import { useServerList } from "@/lib/web/use-api";
import { useImpersonation } from "@/lib/web/use-impersonation";
import { usePrincipal } from "@/lib/web/use-principal";
import { targetKinds, type TargetItem, type TargetKind } from "@/lib/web/view-targets";
import { Button } from "./button";
import { Popover } from "./popover";
import { ErrorState, LoadingBlock } from "./states";

// "Switch view": pick a tenant, organisation or user below the current view and act as it.
export function ViewSwitcher() {
  const principal = usePrincipal();
  const kinds = targetKinds(principal.scope);
  if (principal.isLoading || !principal.isAdministrator) return null;
  return (
    <Popover label="Switch view" variant="secondary" panelClassName="w-96">
      {(close) => <SwitchPanel kinds={kinds} close={close} selfId={principal.user?.id} />}
    </Popover>
  );
}

function SwitchPanel({ kinds, close, selfId }: { kinds: TargetKind[]; close: () => void; selfId?: string }) {
  const [active, setActive] = useState(kinds[0]);
  return (
    <div className="space-y-3">
      <p className="text-sm font-semibold">View the platform as…</p>
      {kinds.length > 1 && (
        <div role="group" aria-label="Kind" className="flex gap-1 rounded-md bg-slate-100 p-1">
          {kinds.map((kind) => (
            <button
              key={kind.key}
              type="button"
              aria-pressed={kind.key === active.key}
              onClick={() => setActive(kind)}
              className={`flex-1 rounded px-2 py-1 text-sm ${kind.key === active.key ? "bg-white font-semibold shadow" : "text-slate-600 hover:bg-slate-200"}`}
            >
              {kind.title}
            </button>
          ))}
        </div>
      )}
      <TargetList key={active.key} kind={active} close={close} selfId={selfId} />
    </div>
  );
}

function TargetList({ kind, close, selfId }: { kind: TargetKind; close: () => void; selfId?: string }) {
  const list = useServerList<TargetItem>(kind.path, { sort: kind.sort, perPage: 8 });
  const { impersonate, busy } = useImpersonation();
  if (list.isPending) return <LoadingBlock lines={4} />;
  if (list.isError) return <ErrorState error={list.error} onRetry={() => list.refetch()} />;
  const items = list.items.filter((item) => item.id !== selfId);
  return (
    <div className="space-y-2">
      {items.length === 0 ? (
        <p className="py-4 text-center text-sm text-slate-500">There is nothing here to switch to.</p>
      ) : (
        <ul className="max-h-80 divide-y divide-slate-100 overflow-y-auto" aria-label={kind.title}>
          {items.map((item) => {
            const { primary, secondary } = kind.describe(item);
            return (
              <li key={item.id}>
                <button
                  type="button"
                  disabled={busy}
                  className="w-full rounded px-2 py-2 text-left hover:bg-blue-50 disabled:opacity-50"
                  onClick={() => impersonate.mutate(kind.toTarget(item), { onSuccess: close })}
                >
                  <span className="block text-sm font-medium">{primary}</span>
                  <span className="block text-xs text-slate-500">{secondary}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {(list.hasPrevious || list.hasNext) && (
        <div className="flex justify-between">
          <Button onClick={list.previous} disabled={!list.hasPrevious}>
            ← Previous
          </Button>
          <Button onClick={list.next} disabled={!list.hasNext}>
            More →
          </Button>
        </div>
      )}
    </div>
  );
}
