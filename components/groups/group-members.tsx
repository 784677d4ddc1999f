"use client";
import type { Group } from "@/lib/groups/schemas";
import type { User } from "@/lib/users/schemas";
import { useAddMembers, useGroupMembers, useRemoveMember } from "@/lib/web/groups/use-groups";
import { personName } from "@/lib/web/names";
import { roleWords } from "@/lib/web/users/role-words";
import { useRoles, useUserList } from "@/lib/web/users/use-users";
import { SelectField } from "../admin/select-field";
import { Button } from "../button";
import { CreatePanel } from "../create-panel";
import { type Column, DataTable } from "../data-table";
import { EmptyState } from "../states";
import { userLink } from "../users/users-view";

// The members of a group (GET /api/users?group=…, server-side pages), removing one
// (optimistic) and adding users of this view from a paged, filterable list.
export function GroupMembers({ group, editable }: { group: Group; editable: boolean }) {
  const members = useGroupMembers(group.id);
  const remove = useRemoveMember(group.id);
  const columns: Column<User>[] = [
    { key: "name", header: "Name", sortField: "lastName", cell: userLink },
    { key: "roles", header: "Roles", cell: (u) => u.roles.map(roleWords).join(", ") },
    ...(editable
      ? [
          {
            key: "remove",
            header: "",
            className: "text-right",
            cell: (u: User) => (
              <Button
                variant="ghost"
                aria-label={`Remove ${u.firstName} ${u.lastName}`}
                disabled={remove.isPending}
                onClick={() => remove.mutate(u)}
              >
                Remove
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <section aria-labelledby="members-heading" className="mt-6 space-y-3">
      <h2 id="members-heading" className="text-lg font-semibold">
        Members
      </h2>
      {editable && (
        <CreatePanel label="Add members" title="Add members">
          {(close) => <AddMembers group={group} close={close} />}
        </CreatePanel>
      )}
      <DataTable
        caption={`Members of ${group.name}`}
        columns={columns}
        list={members}
        rowKey={(u) => u.id}
        empty="No members yet"
      />
    </section>
  );
}

function AddMembers({ group, close }: { group: Group; close: () => void }) {
  const users = useUserList({}, 10);
  const roles = useRoles();
  const add = useAddMembers(group.id);
  const columns: Column<User>[] = [
    {
      key: "name",
      header: "Name",
      sortField: "lastName",
      cell: (u) => personName(u),
    },
    { key: "roles", header: "Roles", cell: (u) => u.roles.map(roleWords).join(", ") },
    {
      key: "add",
      header: "",
      className: "text-right",
      cell: (u) =>
        u.groups.includes(group.id) ? (
          <span className="text-xs text-slate-500">Member</span>
        ) : (
          <Button
            aria-label={`Add ${u.firstName} ${u.lastName}`}
            disabled={add.isPending}
            onClick={() => add.mutate([u])}
          >
            Add
          </Button>
        ),
    },
  ];
  return (
    <div className="space-y-3">
      <DataTable
        caption="Users to add"
        columns={columns}
        list={users}
        rowKey={(u) => u.id}
        toolbar={
          <SelectField
            label="Role"
            name="role"
            value={users.filters.role ?? ""}
            onChange={(e) => users.setFilter("role", e.target.value)}
            options={[
              { value: "", label: "Any role" },
              ...(roles.data ?? []).map((r) => ({ value: r.name, label: roleWords(r.name) })),
            ]}
          />
        }
        empty={<EmptyState title="No users match" />}
      />
      <Button variant="ghost" onClick={close}>
        Close
      </Button>
    </div>
  );
}
