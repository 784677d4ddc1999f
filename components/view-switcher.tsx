"use client";
import { useQuery } from "@tanstack/react-query";
import { type KeyboardEvent, type RefObject, useId, useMemo, useRef, useState } from "react";
import type { ApiRequestError } from "@/lib/web/api/api-client";
import { fetchAll } from "@/lib/web/api/fetch-all";
import { useApiSession, useServerList } from "@/lib/web/api/use-api";
import { matchesAnnouncement, searchTargets } from "@/lib/web/views/target-search";
import { useImpersonation } from "@/lib/web/views/use-impersonation";
import { usePrincipal } from "@/lib/web/views/use-principal";
import { type TargetItem, type TargetKind, targetKinds } from "@/lib/web/views/view-targets";
import { Button } from "./button";
import { Popover } from "./popover";
import { ErrorState, LoadingBlock } from "./states";

// "Switch view": pick a tenant, organisation or user below the current view and act as it.
// Without search text the list is the API's, a page at a time. Typing searches names and ids:
// the kind's whole list is fetched once (pages of 100, cached a minute) on the first key and
// filtered in the browser, so key presses never fetch. Arrow keys move from the box into the
// results and through them; Enter in the box takes the first match.

const SHOWN = 50;
const NOUNS: Record<TargetKind["key"], { one: string; many: string }> = {
  tenants: { one: "tenant", many: "tenants" },
  organisations: { one: "organisation", many: "organisations" },
  users: { one: "user", many: "users" },
};

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
  const [search, setSearch] = useState("");
  const searchId = useId();
  const box = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const searching = search.trim() !== "";
  const found = useTargetSearch(active, searching ? search : "", selfId);
  const noun = NOUNS[active.key];
  const onBoxKey = (e: KeyboardEvent<HTMLInputElement>) => {
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>("button:not(:disabled)");
    if (e.key === "ArrowDown" && buttons?.length) {
      e.preventDefault();
      buttons[0].focus();
    } else if (e.key === "Enter" && searching && buttons?.length) {
      e.preventDefault();
      buttons[0].click();
    }
  };
  return (
    <div className="space-y-3">
      <p className="text-sm font-semibold">View the platform as…</p>
      <div className="flex flex-col gap-1">
        <label htmlFor={searchId} className="text-sm font-medium text-slate-800">
          Search {NOUNS[active.key].many}
        </label>
        <input
          ref={box}
          id={searchId}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onKeyDown={onBoxKey}
          placeholder="Name or id"
          autoComplete="off"
          className="rounded-md border border-slate-300 px-3 py-2 text-sm"
        />
      </div>
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
      {/* Always present, so that screen readers announce each change of its text. */}
      <p role="status" className={searching ? "text-xs text-slate-600" : "sr-only"} data-testid="switch-matches">
        {!searching
          ? ""
          : found.isPending
            ? `Searching ${noun.many}…`
            : found.isError
              ? ""
              : matchesAnnouncement(found.matches.length, noun, search)}
        {searching && found.matches.length > SHOWN && ` The first ${SHOWN} are shown: type more to narrow them.`}
      </p>
      {searching ? (
        found.isError ? (
          <ErrorState error={found.error!} onRetry={found.retry} />
        ) : (
          found.matches.length > 0 && (
            <TargetButtons kind={active} items={found.matches.slice(0, SHOWN)} close={close} listRef={list} box={box} />
          )
        )
      ) : (
        <TargetList key={active.key} kind={active} close={close} selfId={selfId} listRef={list} box={box} />
      )}
    </div>
  );
}

type ListProps = {
  kind: TargetKind;
  close: () => void;
  selfId?: string;
  listRef: RefObject<HTMLUListElement | null>;
  box: RefObject<HTMLInputElement | null>;
};

function TargetList({ kind, close, selfId, listRef, box }: ListProps) {
  const list = useServerList<TargetItem>(kind.path, { sort: kind.sort, perPage: 8 });
  if (list.isPending) return <LoadingBlock lines={4} />;
  if (list.isError) return <ErrorState error={list.error} onRetry={() => list.refetch()} />;
  const items = list.items.filter((item) => item.id !== selfId);
  return (
    <div className="space-y-2">
      {items.length === 0 ? (
        <p className="py-4 text-center text-sm text-slate-500">There is nothing here to switch to.</p>
      ) : (
        <TargetButtons kind={kind} items={items} close={close} listRef={listRef} box={box} />
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

/** The kind's whole list (fetched once, cached a minute) filtered by `search`; nothing is fetched while it is blank. */
function useTargetSearch(kind: TargetKind, search: string, selfId?: string) {
  const { scope } = useApiSession();
  const query = kind.sort ? { sort: kind.sort.field, direction: kind.sort.direction } : {};
  const all = useQuery<TargetItem[], ApiRequestError>({
    queryKey: ["api-all", scope, kind.path, query],
    queryFn: ({ signal }) => fetchAll<TargetItem>(kind.path, signal, query),
    enabled: !!scope && search.trim() !== "",
    staleTime: 60_000,
  });
  const { describe } = kind;
  const matches = useMemo(
    () =>
      searchTargets(
        (all.data ?? []).filter((item) => item.id !== selfId),
        search,
        describe,
      ),
    [all.data, search, selfId, describe],
  );
  return { matches, isPending: all.isPending, isError: all.isError, error: all.error, retry: () => void all.refetch() };
}

function TargetButtons({ kind, items, close, listRef, box }: Omit<ListProps, "selfId"> & { items: TargetItem[] }) {
  const { impersonate, busy } = useImpersonation();
  // Up and down move through the results; up from the first goes back to the search box.
  const onKey = (e: KeyboardEvent<HTMLUListElement>) => {
    if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
    const buttons = [...(listRef.current?.querySelectorAll<HTMLButtonElement>("button:not(:disabled)") ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    e.preventDefault();
    if (e.key === "ArrowDown") buttons[Math.min(at + 1, buttons.length - 1)].focus();
    else if (at === 0) box.current?.focus();
    else buttons[at - 1].focus();
  };
  return (
    <ul
      ref={listRef}
      className="max-h-80 divide-y divide-slate-100 overflow-y-auto"
      aria-label={kind.title}
      onKeyDown={onKey}
    >
      {items.map((item) => {
        const { primary, secondary } = kind.describe(item);
        return (
          <li key={item.id}>
            <button
              type="button"
              disabled={busy}
              className="w-full rounded px-2 py-2 text-left hover:bg-blue-50 focus:bg-blue-50 disabled:opacity-50"
              onClick={() => impersonate.mutate(kind.toTarget(item), { onSuccess: close })}
            >
              <span className="block text-sm font-medium">{primary}</span>
              <span className="block text-xs text-slate-500">{secondary}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
