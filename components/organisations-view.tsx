"use client";
import Link from "next/link";
import { createOrganisationSchema, type Organisation } from "@/lib/organisations/schemas";
import { useCreateOrganisation, useOrganisationList } from "@/lib/web/tenancy/use-organisations";
import { formatDateTime } from "@/lib/web/ui/display-format";
import { CreatePanel } from "./create-panel";
import { type Column, DataTable } from "./data-table";
import { NamedEntityForm } from "./named-entity-form";
import { PageHeader } from "./page-header";
import { EmptyState } from "./states";

const columns: Column<Organisation>[] = [
  {
    key: "name",
    header: "Name",
    sortField: "name",
    cell: (o) =>
      o.id ? (
        <Link href={`/organisations/${encodeURIComponent(o.id)}`} className="font-medium text-blue-800 hover:underline">
          {o.name}
        </Link>
      ) : (
        <span className="text-slate-500">{o.name} (saving…)</span>
      ),
  },
  { key: "id", header: "Id", cell: (o) => <code className="text-xs">{o.id}</code> },
  {
    key: "created",
    header: "Created",
    sortField: "created",
    firstDirection: "desc",
    cell: (o) => formatDateTime(o.created),
  },
  {
    key: "updated",
    header: "Updated",
    sortField: "updated",
    firstDirection: "desc",
    cell: (o) => formatDateTime(o.updated),
    className: "hidden md:table-cell",
  },
];

export function OrganisationsView() {
  const list = useOrganisationList();
  const create = useCreateOrganisation();
  return (
    <>
      <PageHeader
        title="Organisations"
        description="The schools and other organisations of this tenant. Open one to act as it."
      />
      <div className="mb-4 flex">
        <CreatePanel label="New organisation" title="New organisation">
          {(close) => (
            <NamedEntityForm
              schema={createOrganisationSchema}
              noun="organisation"
              submit={create.mutateAsync}
              onDone={close}
            />
          )}
        </CreatePanel>
      </div>
      <DataTable
        caption="Organisations"
        columns={columns}
        list={list}
        rowKey={(o) => o.id || `pending-${o.name}`}
        empty={<EmptyState title="No organisations yet">Create the first one with “New organisation”.</EmptyState>}
      />
    </>
  );
}
