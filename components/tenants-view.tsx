"use client";
import Link from "next/link";
import { createTenantSchema, type Tenant } from "@/lib/tenants/schemas";
import { useCreateTenant, useTenantList } from "@/lib/web/tenancy/use-tenants";
import { formatDateTime } from "@/lib/web/ui/display-format";
import { CreatePanel } from "./create-panel";
import { type Column, DataTable } from "./data-table";
import { NamedEntityForm } from "./named-entity-form";
import { PageHeader } from "./page-header";
import { EmptyState } from "./states";

const columns: Column<Tenant>[] = [
  {
    key: "name",
    header: "Name",
    cell: (t) =>
      t.id ? (
        <Link href={`/tenants/${encodeURIComponent(t.id)}`} className="font-medium text-blue-800 hover:underline">
          {t.name}
        </Link>
      ) : (
        <span className="text-slate-500">{t.name} (saving…)</span>
      ),
  },
  { key: "id", header: "Id", cell: (t) => <code className="text-xs">{t.id}</code> },
  { key: "created", header: "Created", cell: (t) => formatDateTime(t.created) },
];

export function TenantsView() {
  const list = useTenantList();
  const create = useCreateTenant();
  return (
    <>
      <PageHeader
        title="Tenants"
        description="Each tenant holds its own organisations, users and content. Open one to act as it."
      />
      <div className="mb-4 flex">
        <CreatePanel label="New tenant" title="New tenant">
          {(close) => (
            <NamedEntityForm schema={createTenantSchema} noun="tenant" submit={create.mutateAsync} onDone={close} />
          )}
        </CreatePanel>
      </div>
      <DataTable
        caption="Tenants, oldest first"
        columns={columns}
        list={list}
        rowKey={(t) => t.id || `pending-${t.name}`}
        empty={<EmptyState title="No tenants yet">Create the first one with “New tenant”.</EmptyState>}
      />
    </>
  );
}
