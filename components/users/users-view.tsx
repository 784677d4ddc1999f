"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useId, useState } from "react";
import type { User } from "@/lib/users/schemas";
import type { ServerList } from "@/lib/web/api/use-api";
import { useGroups } from "@/lib/web/groups/use-groups";
import { formatDateTime } from "@/lib/web/ui/display-format";
import { roleWords } from "@/lib/web/users/role-words";
import { useRoles, userName, useUserList } from "@/lib/web/users/use-users";
import { usePrincipal } from "@/lib/web/views/use-principal";
import { PermissionGuard } from "../admin/permission-guard";
import { SelectField } from "../admin/select-field";
import { CreatePanel } from "../create-panel";
import { type Column, DataTable } from "../data-table";
import { PageHeader } from "../page-header";
import { EmptyState } from "../states";
import { UserCreateForm } from "./user-create-form";

export const userLink = (u: User) => (
  <Link href={`/users/${encodeURIComponent(u.id)}`} className="font-medium text-blue-800 hover:underline">
    {userName(u)}
  </Link>
);

/** The users table's columns: names and words, no ids (groups by name, from the view's groups). */
const columnsWith = (groupName: (id: string) => string | undefined): Column<User>[] => [
  { key: "name", header: "Name", sortField: "lastName", cell: userLink },
  {
    key: "firstName",
    header: "First name",
    sortField: "firstName",
    cell: (u) => u.firstName,
    className: "hidden lg:table-cell",
  },
  { key: "roles", header: "Roles", cell: (u) => u.roles.map(roleWords).join(", ") },
  {
    key: "groups",
    header: "Groups",
    cell: (u) =>
      u.groups.length
        ? u.groups
            .map((g) => groupName(g) ?? "a group you cannot see")
            .sort((a, b) => a.localeCompare(b))
            .join(", ")
        : "—",
    className: "hidden md:table-cell",
  },
  {
    key: "created",
    header: "Created",
    sortField: "created",
    firstDirection: "desc",
    cell: (u) => formatDateTime(u.created),
    className: "hidden md:table-cell",
  },
];

/**
 * The users page: its list request starts at once, beside the principal's (GET /api/user,
 * /api/roles) that the guard waits for, instead of after it. Without USER_LIST it is refused
 * (a 4xx is not retried) and the guard says the page is not available.
 */
/** Search by name: sent a moment after typing stops. */
function NameSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  const [text, setText] = useState(value);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onChange(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Search by name
      </label>
      <input
        id={id}
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="First or last name"
        className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
      />
    </div>
  );
}

export function UsersPage() {
  const list = useUserList();
  return (
    <PermissionGuard permission="USER_LIST" what="Users">
      <UsersView list={list} />
    </PermissionGuard>
  );
}

function UsersView({ list }: { list: ServerList<User> }) {
  const router = useRouter();
  const principal = usePrincipal();
  const roles = useRoles();
  const groups = useGroups(principal.can("GROUP_LIST"));
  // Ready: the first page of the current request is on screen (benchmarks and tests wait for it).
  const ready = list.isSuccess && !list.isPlaceholderData && !list.isFetching;
  const names = new Map((groups.data ?? []).map((g) => [g.id, g.name]));
  const columns = columnsWith((id) => names.get(id));
  const toolbar = (
    <>
      <NameSearch value={list.filters.name ?? ""} onChange={(name) => list.setFilter("name", name)} />
      <SelectField
        label="Role"
        name="role"
        value={list.filters.role ?? ""}
        onChange={(e) => list.setFilter("role", e.target.value)}
        options={[
          { value: "", label: "Any role" },
          ...(roles.data ?? []).map((r) => ({ value: r.name, label: roleWords(r.name) })),
        ]}
      />
      {principal.can("GROUP_LIST") && (
        <SelectField
          label="Group"
          name="group"
          value={list.filters.group ?? ""}
          onChange={(e) => list.setFilter("group", e.target.value)}
          options={[
            { value: "", label: "Any group" },
            ...(groups.data ?? []).map((g) => ({ value: g.id, label: g.name })),
          ]}
        />
      )}
    </>
  );
  return (
    <>
      <PageHeader
        title="Users"
        description="The users of this view's level. New users are created here, at the same level."
      />
      {principal.can("USER_CREATE") && (
        <div className="mb-4 flex">
          <CreatePanel label="New user" title="New user">
            {(close) => (
              <UserCreateForm
                onDone={(id) => {
                  close();
                  if (id) router.push(`/users/${encodeURIComponent(id)}`);
                }}
              />
            )}
          </CreatePanel>
          <Link
            href="/users/import"
            className="ml-2 self-start rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-900 hover:bg-slate-50"
          >
            Import students
          </Link>
        </div>
      )}
      <div data-testid="users-table" data-ready={ready ? "true" : "false"}>
        <DataTable
          caption="Users"
          columns={columns}
          list={list}
          rowKey={(u) => u.id}
          toolbar={toolbar}
          empty={<EmptyState title="No users match">Change the filters, or create a user with “New user”.</EmptyState>}
        />
      </div>
    </>
  );
}
