"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/button";
import { PERMISSIONS } from "@/lib/permissions/catalog";
import type { Role } from "@/lib/roles/schemas";
import { ApiRequestError } from "@/lib/web/api/api-client";
import { useApi } from "@/lib/web/api/use-api";
import { toast } from "@/lib/web/ui/toast";
import { permissionWords, roleAbout, roleWords } from "@/lib/web/users/role-words";
import { useRoles } from "@/lib/web/users/use-users";
import { usePrincipal } from "@/lib/web/views/use-principal";
import { CheckboxGroup } from "./admin/checkbox-group";
import { PageHeader } from "./page-header";
import { EmptyState, ErrorState, LoadingBlock } from "./states";

// Roles and their permissions in words (GET /api/roles). Top-level administrators also create
// custom roles (POST /api/roles) and change their permissions (PUT /api/roles/:role); the
// built-in roles are fixed.

const CUSTOM_PERMISSIONS = PERMISSIONS.filter((p) => p !== "ADMIN").map((p) => ({
  value: p,
  label: permissionWords(p),
}));

function CustomRoleForm({ initial, onDone }: { initial?: { id: string; permissions: string[] }; onDone: () => void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [id, setId] = useState(initial?.id ?? "");
  const [permissions, setPermissions] = useState<string[]>(initial?.permissions ?? []);
  const save = useMutation({
    mutationFn: async () =>
      initial
        ? (await api<Role>(`/api/roles/${encodeURIComponent(initial.id)}`, { method: "PUT", json: { permissions } }))
            .data
        : (await api<Role>("/api/roles", { method: "POST", json: { id: id.trim(), permissions } })).data,
    onSuccess: async (role) => {
      await queryClient.invalidateQueries({ queryKey: ["api"] });
      toast.success(`Role ${roleWords(role.id)} saved`);
      onDone();
    },
  });
  const idError = save.error instanceof ApiRequestError ? save.error.errors.find((e) => e.field === "id") : undefined;
  return (
    <form
      aria-label={initial ? `Change ${roleWords(initial.id)}` : "New role"}
      className="mb-6 space-y-4 rounded-lg border border-slate-200 bg-white p-5"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      {!initial && (
        <div>
          <label htmlFor="role-id" className="mb-1 block text-sm font-medium text-slate-800">
            Role name <span className="text-red-700">*</span>
          </label>
          <p id="role-id-hint" className="mb-1 text-sm text-slate-600">
            Capitals, digits and underscores, e.g. CLASS_ASSISTANT.
          </p>
          <input
            id="role-id"
            required
            value={id}
            onChange={(e) => setId(e.target.value.toUpperCase())}
            aria-describedby={idError ? "role-id-hint role-id-error" : "role-id-hint"}
            aria-invalid={idError ? true : undefined}
            className="w-full max-w-md rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
          {idError && (
            <p id="role-id-error" className="mt-1 text-sm text-red-700">
              Role name {idError.message ?? "is not valid"}
            </p>
          )}
        </div>
      )}
      <CheckboxGroup
        legend="What holders of this role may do"
        options={CUSTOM_PERMISSIONS}
        value={permissions}
        onChange={setPermissions}
      />
      {save.error && !idError && (
        <p role="alert" className="text-sm text-red-700">
          {save.error.message}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" variant="primary" disabled={save.isPending}>
          {save.isPending ? "Saving…" : initial ? "Save permissions" : "Create role"}
        </Button>
        <Button onClick={onDone}>Cancel</Button>
      </div>
    </form>
  );
}

export function RolesView() {
  const roles = useRoles();
  const principal = usePrincipal();
  const [editing, setEditing] = useState<string | null>(null);
  const topAdmin = principal.level === "top" && principal.isAdministrator;
  return (
    <>
      <PageHeader title="Roles" description="What each role may do. Users get roles when they are added or edited." />
      {topAdmin && editing === null && (
        <button
          type="button"
          onClick={() => setEditing("")}
          className="mb-4 rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800"
        >
          New role
        </button>
      )}
      {editing === "" && <CustomRoleForm onDone={() => setEditing(null)} />}
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
                <h2 id={`role-${role.name}`} className="flex flex-wrap items-center gap-2 text-lg font-semibold">
                  {roleWords(role.name)}
                  {principal.roles.includes(role.name) && (
                    <span className="rounded bg-blue-100 px-2 py-0.5 text-xs font-medium text-blue-900">yours</span>
                  )}
                  {!role.builtIn && (
                    <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">custom</span>
                  )}
                </h2>
                <p className="text-sm text-slate-700">{roleAbout(role.name)}</p>
                <p className="mb-2 text-xs text-slate-600">
                  <code>{role.name}</code> · {role.permissions.length} permissions
                </p>
                {editing === role.name ? (
                  <CustomRoleForm
                    initial={{ id: role.name, permissions: role.permissions }}
                    onDone={() => setEditing(null)}
                  />
                ) : (
                  <ul className="list-inside list-disc text-sm" aria-label={`What ${roleWords(role.name)} may do`}>
                    {role.permissions.map((p) => (
                      <li key={p}>{permissionWords(p)}</li>
                    ))}
                  </ul>
                )}
                {topAdmin && !role.builtIn && editing !== role.name && (
                  <button
                    type="button"
                    onClick={() => setEditing(role.name)}
                    className="mt-3 rounded-md border border-slate-300 px-3 py-1 text-sm"
                  >
                    Change permissions<span className="sr-only"> of {roleWords(role.name)}</span>
                  </button>
                )}
              </section>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
