"use client";
import { useId, useMemo } from "react";
import { Skeleton } from "@/components/states";
import type { RoleListItem } from "@/lib/roles/schemas";
import { useApiQuery } from "@/lib/web/api/use-api";
import { flatten } from "@/lib/web/categories/category-tree";
import { useCategoryTree } from "@/lib/web/categories/use-categories";
import type { useGroups } from "@/lib/web/groups/use-groups";
import { ANY_ROLE, type ProgressSelection } from "@/lib/web/progress/use-progress";
import { roleWords } from "@/lib/web/users/role-words";

// What the progress grid shows: a category (its whole subtree counts), the groups whose
// members are the rows (none: only yourself), a role the rows must hold, and the days whose
// recordings count (local days, both ends included).

const control = "rounded-md border border-slate-300 bg-white px-3 py-2 text-sm";

type Props = {
  selection: ProgressSelection;
  onChange: (next: Partial<ProgressSelection>) => void;
  groups: ReturnType<typeof useGroups>;
};

export function ProgressFilters({ selection, onChange, groups }: Props) {
  const id = useId();
  const tree = useCategoryTree();
  const roles = useApiQuery<RoleListItem[]>("/api/roles", undefined, { staleTime: Infinity });
  const options = useMemo(() => flatten(tree.data ?? []), [tree.data]);
  const chosen = new Set(selection.groups);
  const toggleGroup = (group: string) =>
    onChange({
      groups: chosen.has(group) ? selection.groups.filter((g) => g !== group) : [...selection.groups, group],
    });
  // Groups linked to the category first: they are probably the ones wanted.
  const sortedGroups = useMemo(
    () =>
      [...(groups.data ?? [])].sort(
        (a, b) => Number(b.categories.includes(selection.category)) - Number(a.categories.includes(selection.category)),
      ),
    [groups.data, selection.category],
  );

  return (
    <form
      aria-label="What to show"
      className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 md:grid-cols-[1fr_1fr_1fr] xl:grid-cols-[1fr_1fr_1fr_2fr]"
      onSubmit={(e) => e.preventDefault()}
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-category`} className="text-sm font-medium text-slate-800">
          Category
        </label>
        {tree.isPending ? (
          <Skeleton className="h-9" />
        ) : (
          <select
            id={`${id}-category`}
            className={control}
            value={selection.category}
            onChange={(e) => onChange({ category: e.target.value })}
          >
            <option value="">— Choose a category —</option>
            {options.map((n) => (
              <option key={n.category.id} value={n.category.id}>
                {"\u00a0\u00a0".repeat(n.depth)}
                {n.category.name ?? n.category.id}
              </option>
            ))}
          </select>
        )}
        {tree.isError && <p className="text-xs text-red-700">{tree.error.message}</p>}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-role`} className="text-sm font-medium text-slate-800">
          Role
        </label>
        <select
          id={`${id}-role`}
          className={control}
          value={selection.role}
          onChange={(e) => onChange({ role: e.target.value })}
        >
          <option value={ANY_ROLE}>Any role</option>
          {(roles.data ?? [{ name: selection.role, permissions: [] }])
            .filter((r) => r.name !== ANY_ROLE)
            .map((r) => (
              <option key={r.name} value={r.name}>
                {roleWords(r.name)}
              </option>
            ))}
        </select>
      </div>
      <fieldset className="flex min-w-0 flex-col gap-1">
        <legend className="text-sm font-medium text-slate-800">Recorded between</legend>
        <div className="flex items-center gap-2">
          <label htmlFor={`${id}-from`} className="sr-only">
            From
          </label>
          <input
            id={`${id}-from`}
            type="date"
            className={`${control} min-w-0 flex-1`}
            value={selection.from}
            max={selection.to || undefined}
            onChange={(e) => onChange({ from: e.target.value })}
          />
          <span aria-hidden>–</span>
          <label htmlFor={`${id}-to`} className="sr-only">
            To
          </label>
          <input
            id={`${id}-to`}
            type="date"
            className={`${control} min-w-0 flex-1`}
            value={selection.to}
            min={selection.from || undefined}
            onChange={(e) => onChange({ to: e.target.value })}
          />
        </div>
        {(selection.from || selection.to) && (
          <button
            type="button"
            className="self-start text-xs text-blue-800 underline"
            onClick={() => onChange({ from: "", to: "" })}
          >
            Any date
          </button>
        )}
      </fieldset>
      <fieldset className="min-w-0">
        <legend className="text-sm font-medium text-slate-800">Groups</legend>
        {groups.isPending ? (
          <Skeleton className="mt-1 h-9" />
        ) : groups.isError ? (
          <p className="text-xs text-red-700">{groups.error.message}</p>
        ) : sortedGroups.length === 0 ? (
          <p className="mt-1 text-sm text-slate-500">No groups: the grid shows your own progress.</p>
        ) : (
          <ul className="mt-1 flex max-h-28 flex-wrap gap-x-4 gap-y-1 overflow-y-auto">
            {sortedGroups.map((g) => (
              <li key={g.id}>
                <label className="flex items-center gap-1.5 text-sm">
                  <input type="checkbox" checked={chosen.has(g.id)} onChange={() => toggleGroup(g.id)} />
                  {g.name}
                  {g.categories.includes(selection.category) && (
                    <span className="text-xs text-slate-500">(linked)</span>
                  )}
                </label>
              </li>
            ))}
          </ul>
        )}
        {sortedGroups.length > 0 && selection.groups.length === 0 && (
          <p className="mt-1 text-xs text-slate-500">No group chosen: the grid shows your own progress.</p>
        )}
      </fieldset>
    </form>
  );
}
