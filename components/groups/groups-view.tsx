"use client";
import Link from "next/link";
import type { Group } from "@/lib/groups/schemas";
import { useCreateGroup, useGroupList } from "@/lib/web/groups/use-groups";
import { formatDateTime } from "@/lib/web/ui/display-format";
import { usePrincipal } from "@/lib/web/views/use-principal";
import { CreatePanel } from "../create-panel";
import { type Column, DataTable } from "../data-table";
import { PageHeader } from "../page-header";
import { EmptyState } from "../states";
import { GroupForm } from "./group-form";

const columns: Column<Group>[] = [
  {
    key: "name",
    header: "Name",
    cell: (g) =>
      g.id ? (
        <Link href={`/groups/${encodeURIComponent(g.id)}`} className="font-medium text-blue-800 hover:underline">
          {g.name}
        </Link>
      ) : (
        <span className="text-slate-500">{g.name} (saving…)</span>
      ),
  },
  { key: "id", header: "Id", cell: (g) => <code className="text-xs">{g.id}</code>, className: "hidden sm:table-cell" },
  { key: "categories", header: "Categories", cell: (g) => g.categories.length || "—" },
  { key: "created", header: "Created", cell: (g) => formatDateTime(g.created), className: "hidden md:table-cell" },
];

export function GroupsView() {
  const list = useGroupList();
  const create = useCreateGroup();
  const principal = usePrincipal();
  return (
    <>
      <PageHeader
        title="Groups"
        description="Classes and other sets of users, with the categories of challenges they work on."
      />
      {principal.can("GROUP_CREATE") && (
        <div className="mb-4 flex">
          <CreatePanel label="New group" title="New group">
            {(close) => <GroupForm submit={create.mutateAsync} onDone={close} />}
          </CreatePanel>
        </div>
      )}
      <DataTable
        caption="Groups, oldest first"
        columns={columns}
        list={list}
        rowKey={(g) => g.id || `pending-${g.name}`}
        empty={<EmptyState title="No groups yet">Create the first one with “New group”.</EmptyState>}
      />
    </>
  );
}
