"use client";
import type { ReactNode } from "react";
import type { ServerList } from "@/lib/web/api/use-api";
import { Button } from "./button";
import { EmptyState, ErrorState, Skeleton } from "./states";

// A table over one server-side list (useServerList): sorting, filters and pages are requests
// to the API, never done in the browser.

export type Column<T> = {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** The API's `sort` value for this column; absent: not sortable. */
  sortField?: string;
  /** The first direction when sorting by this column (dates read best newest first). */
  firstDirection?: "asc" | "desc";
  className?: string;
};

type Props<T> = {
  /** Names the table for screen readers. */
  caption: string;
  columns: Column<T>[];
  list: ServerList<T>;
  rowKey: (row: T) => string;
  /** Filter controls above the table (they call list.setFilter). */
  toolbar?: ReactNode;
  empty: ReactNode;
};

const PAGE_SIZES = [10, 20, 50, 100];

export function DataTable<T>({ caption, columns, list, rowKey, toolbar, empty }: Props<T>) {
  return (
    <div className="space-y-3">
      {toolbar && <div className="flex flex-wrap items-end gap-3">{toolbar}</div>}
      {list.isError && !list.data ? (
        <ErrorState error={list.error} onRetry={() => list.refetch()} />
      ) : (
        <div className="overflow-x-auto rounded-md border border-slate-200 bg-white">
          <table className="w-full text-left text-sm" aria-busy={list.isFetching}>
            <caption className="sr-only">{caption}</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
              <tr>
                {columns.map((column) => (
                  <HeaderCell key={column.key} column={column} list={list} />
                ))}
              </tr>
            </thead>
            <tbody className={list.isPlaceholderData ? "opacity-60" : ""}>
              {list.isPending
                ? Array.from({ length: 5 }, (_, i) => (
                    <tr key={i} className="border-b border-slate-100 last:border-0">
                      {columns.map((c) => (
                        <td key={c.key} className={`px-4 py-3 ${c.className ?? ""}`}>
                          <Skeleton className="h-4 w-3/4" />
                        </td>
                      ))}
                    </tr>
                  ))
                : list.items.map((row) => (
                    <tr key={rowKey(row)} className="border-b border-slate-100 last:border-0 hover:bg-slate-50">
                      {columns.map((c) => (
                        <td key={c.key} className={`px-4 py-3 ${c.className ?? ""}`}>
                          {c.cell(row)}
                        </td>
                      ))}
                    </tr>
                  ))}
            </tbody>
          </table>
          {!list.isPending && list.items.length === 0 && (
            <div className="p-4">{typeof empty === "string" ? <EmptyState title={empty} /> : empty}</div>
          )}
        </div>
      )}
      {list.isError && list.data && (
        <ErrorState error={list.error} onRetry={() => list.refetch()} title="The newest data could not be loaded" />
      )}
      <Pager list={list} />
    </div>
  );
}

function HeaderCell<T>({ column, list }: { column: Column<T>; list: ServerList<T> }) {
  if (!column.sortField) {
    return (
      <th scope="col" className={`px-4 py-3 font-semibold ${column.className ?? ""}`}>
        {column.header}
      </th>
    );
  }
  const active = list.sort?.field === column.sortField;
  const direction = active ? list.sort!.direction : undefined;
  return (
    <th
      scope="col"
      className={`px-2 py-1.5 font-semibold ${column.className ?? ""}`}
      aria-sort={direction ? (direction === "asc" ? "ascending" : "descending") : "none"}
    >
      <button
        type="button"
        className="inline-flex items-center gap-1 rounded px-2 py-1.5 uppercase hover:bg-slate-200"
        onClick={() => list.toggleSort(column.sortField!, column.firstDirection)}
      >
        {column.header}
        <span aria-hidden className={active ? "text-slate-900" : "text-slate-300"}>
          {direction === "desc" ? "▼" : "▲"}
        </span>
        <span className="sr-only">
          {active
            ? `, sorted ${direction === "asc" ? "ascending" : "descending"}; activate to reverse`
            : ", activate to sort"}
        </span>
      </button>
    </th>
  );
}

function Pager<T>({ list }: { list: ServerList<T> }) {
  if (list.isPending || (!list.hasPrevious && !list.hasNext && list.items.length < 10)) return null;
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
      <label className="flex items-center gap-2">
        Rows per page
        <select
          className="rounded-md border border-slate-300 bg-white px-2 py-1.5"
          value={list.perPage}
          onChange={(e) => list.setPerPage(Number(e.target.value))}
        >
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <div className="flex items-center gap-2">
        <span aria-live="polite">Page {list.page}</span>
        <Button onClick={list.previous} disabled={!list.hasPrevious || list.isFetching}>
          ← Previous
        </Button>
        <Button onClick={list.next} disabled={!list.hasNext || list.isFetching}>
          Next →
        </Button>
      </div>
    </nav>
  );
}
