"use client";
import { formatScope } from "@/lib/auth/scope";
import { useTenant } from "@/lib/web/tenancy/use-tenants";
import { EntityDetail } from "./entity-detail";

export function TenantDetail({ id }: { id: string }) {
  return (
    <EntityDetail
      query={useTenant(id)}
      noun="tenant"
      back={{ href: "/tenants", label: "All tenants" }}
      target={(t) => ({ label: t.name, scope: formatScope({ kind: "tenant", tenantId: t.id }) })}
    />
  );
}
