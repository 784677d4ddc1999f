"use client";
import { useRoles } from "@/lib/web/use-users";
import { usePrincipal } from "@/lib/web/use-principal";
import { PageHeader } from "./page-header";
import { EmptyState, ErrorState, LoadingBlock } from "./states";

// Roles and their permissions (GET /api/roles), read-only: the service fixes them.
export function RolesView() {
  const roles = useRoles();
  const principal = usePrincipal();
  return (
    <>
      <PageHeader title="Roles" description="What each role may do. Roles are fixed by the platform; users get them when they are created." />
      {roles.isPending ? (
        <LoadingBlock lines={6} />
      ) : roles.isError ? (
        <ErrorState error={roles.error} onRetry={() => roles.refetch()} />
      ) : roles.data.length === 0 ? (
        <EmptyState title="No roles" />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {roles.data.map((role) => (
            <li key={role.name} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
              <section aria-labelledby={`role-${role.name}`}>
                <h2 id={`role-${role.name}`} className="flex items-center gap-2 text-lg font-semibold">
                  {role.name}
                  {principal.roles.includes(role.name) && <span className="rounded bg-blue-100 px-2 py-0.5 text-xs font-medium text-blue-900">yours</span>}
                </h2>
                <p className="mb-2 text-xs text-slate-500">{role.permissions.length} permissions</p>
                <ul className="flex flex-wrap gap-1" aria-label={`Permissions of ${role.name}`}>
                  {role.permissions.map((p) => (
                    <li key={p} className="rounded bg-slate-100 px-2 py-0.5 font-mono text-xs">
                      {p}
                    </li>
                  ))}
                </ul>
              </section>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
