"use client";
import { formatScope } from "@/lib/auth/scope";
import { useApiSession } from "@/lib/web/api/use-api";
import { scopeInfo } from "@/lib/web/session/session";
import { useOrganisation } from "@/lib/web/tenancy/use-organisations";
import { EntityDetail } from "./entity-detail";

export function OrganisationDetail({ id }: { id: string }) {
  const { parsed } = scopeInfo(useApiSession().scope);
  const tenantId = parsed && "tenantId" in parsed ? parsed.tenantId : "";
  return (
    <EntityDetail
      query={useOrganisation(id)}
      noun="organisation"
      back={{ href: "/organisations", label: "All organisations" }}
      target={(o) => ({ label: o.name, scope: formatScope({ kind: "organisation", tenantId, organisationId: o.id }) })}
    />
  );
}
