import { formatScope } from "@/lib/auth/scope";
import type { Organisation } from "@/lib/organisations/schemas";
import type { Tenant } from "@/lib/tenants/schemas";
import type { User } from "@/lib/users/schemas";
import { personName } from "../names";
import { scopeInfo } from "../session/session";
import { roleWords } from "../users/role-words";
import type { Target } from "./use-impersonation";

// What the current view may switch to, top-down as the API allows: a top-level admin to
// tenants and top-level users, a tenant to its organisations and tenant users, an
// organisation to its users. Each kind is listed through the API for the current view.

export type TargetItem = Tenant | Organisation | User;
type Item = TargetItem;

export type TargetKind = {
  key: "tenants" | "organisations" | "users";
  title: string;
  path: string;
  /** The list's sort; null where the API has none. */
  sort: { field: string; direction: "asc" | "desc" } | null;
  describe: (item: Item) => { primary: string; secondary: string };
  toTarget: (item: Item) => Target;
};

export const userName = (u: Pick<User, "firstName" | "infix" | "lastName">) => personName(u);

export function targetKinds(scope: string): TargetKind[] {
  const { level, parsed } = scopeInfo(scope);
  const tenantId = parsed && "tenantId" in parsed ? parsed.tenantId : "";
  const organisationId = parsed && "organisationId" in parsed ? parsed.organisationId : "";
  const named = (item: Item) => ({ primary: (item as Tenant).name, secondary: item.id });
  const users: TargetKind = {
    key: "users",
    title: "Users",
    path: "/api/users",
    sort: { field: "lastName", direction: "asc" },
    describe: (item) => ({
      primary: userName(item as User),
      secondary: (item as User).roles.map(roleWords).join(", ") || "No role",
    }),
    toTarget: (item) => ({
      label: userName(item as User),
      scope:
        level === "organisation"
          ? formatScope({ kind: "student", tenantId, organisationId, userId: item.id })
          : level === "tenant"
            ? formatScope({ kind: "tenant-user", tenantId, user: item.id })
            : formatScope({ kind: "top-user", userId: item.id }),
    }),
  };
  if (level === "top") {
    const tenants: TargetKind = {
      key: "tenants",
      title: "Tenants",
      path: "/api/tenants",
      sort: null,
      describe: named,
      toTarget: (item) => ({ label: (item as Tenant).name, scope: formatScope({ kind: "tenant", tenantId: item.id }) }),
    };
    return [tenants, users];
  }
  if (level === "tenant") {
    const organisations: TargetKind = {
      key: "organisations",
      title: "Organisations",
      path: "/api/organisations",
      sort: { field: "name", direction: "asc" },
      describe: named,
      toTarget: (item) => ({
        label: (item as Organisation).name,
        scope: formatScope({ kind: "organisation", tenantId, organisationId: item.id }),
      }),
    };
    return [organisations, users];
  }
  return [users];
}
