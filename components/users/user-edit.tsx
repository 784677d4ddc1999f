"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/button";
import type { User } from "@/lib/users/schemas";
import { ApiRequestError } from "@/lib/web/api/api-client";
import { useApi } from "@/lib/web/api/use-api";
import { useGroups } from "@/lib/web/groups/use-groups";
import { toast } from "@/lib/web/ui/toast";
import { roleWords } from "@/lib/web/users/role-words";
import { grantableRoles, useRoles, userName, userPath } from "@/lib/web/users/use-users";
import { usePrincipal } from "@/lib/web/views/use-principal";
import { CheckboxGroup } from "../admin/checkbox-group";

// Editing a user (PUT /api/users/:id: names, roles, groups) and erasing one (DELETE, after a
// confirmation that says what goes). Only the roles this view may grant are offered.

const input = "w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:outline-2 focus:outline-blue-700";

export function UserEdit({ user, onDone }: { user: User; onDone: () => void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const principal = usePrincipal();
  const roles = useRoles();
  const groups = useGroups(principal.can("GROUP_LIST"));
  const [values, setValues] = useState({
    firstName: user.firstName,
    infix: user.infix ?? "",
    lastName: user.lastName,
    roles: user.roles,
    groups: user.groups,
  });
  const save = useMutation({
    mutationFn: async () =>
      (await api<User>(userPath(user.id), { method: "PUT", json: { ...values, infix: values.infix || null } })).data,
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: ["api"] });
      toast.success(`${userName(saved)} saved`);
      onDone();
    },
  });
  const fieldError = (field: string) =>
    save.error instanceof ApiRequestError
      ? (save.error.errors?.find((e) => e.field === field)?.message ??
        (save.error.errors?.some((e) => e.field === field) ? "is not valid" : undefined))
      : undefined;
  const grantable = grantableRoles(principal, roles.data ?? []);
  const roleOptions = [...new Set([...grantable, ...values.roles])].map((r) => ({ value: r, label: roleWords(r) }));
  const text = (field: "firstName" | "infix" | "lastName", label: string, required = false) => (
    <div>
      <label htmlFor={`edit-${field}`} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
        {required && <span className="text-red-700"> *</span>}
      </label>
      <input
        id={`edit-${field}`}
        className={input}
        value={values[field]}
        required={required}
        aria-invalid={fieldError(field) ? true : undefined}
        aria-describedby={fieldError(field) ? `edit-${field}-error` : undefined}
        onChange={(e) => setValues({ ...values, [field]: e.target.value })}
      />
      {fieldError(field) && (
        <p id={`edit-${field}-error`} className="mt-1 text-sm text-red-700">
          {label} {fieldError(field)}
        </p>
      )}
    </div>
  );
  return (
    <form
      aria-label={`Edit ${userName(user)}`}
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-5"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <h2 className="text-lg font-semibold">Edit user</h2>
      <div className="grid gap-4 md:grid-cols-[2fr_1fr_2fr]">
        {text("firstName", "First name", true)}
        {text("infix", "Infix")}
        {text("lastName", "Last name", true)}
      </div>
      <CheckboxGroup
        legend="Roles"
        required
        options={roleOptions}
        value={values.roles}
        onChange={(list) => setValues({ ...values, roles: list })}
        error={fieldError("roles")}
      />
      <CheckboxGroup
        legend="Groups"
        options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
        value={values.groups}
        onChange={(list) => setValues({ ...values, groups: list })}
        error={fieldError("groups")}
        empty="No groups yet"
      />
      {save.error && !(save.error instanceof ApiRequestError && save.error.errors?.length) && (
        <p role="alert" className="text-sm text-red-700">
          {save.error.message}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" variant="primary" disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save changes"}
        </Button>
        <Button onClick={onDone}>Cancel</Button>
      </div>
    </form>
  );
}

export function UserErase({ user }: { user: User }) {
  const api = useApi();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const erase = useMutation({
    mutationFn: async () => {
      await api(userPath(user.id), { method: "DELETE" });
    },
    onSuccess: async () => {
      toast.success(`${userName(user)} was deleted`);
      await queryClient.invalidateQueries({ queryKey: ["api"] });
      router.push("/users");
    },
  });
  return (
    <section aria-labelledby="erase-user" className="rounded-lg border border-red-200 bg-white p-5">
      <h2 id="erase-user" className="mb-2 text-lg font-semibold">
        Delete user
      </h2>
      {!confirming ? (
        <button
          type="button"
          onClick={() => setConfirming(true)}
          className="rounded-md border border-red-700 px-4 py-2 text-sm font-medium text-red-800 hover:bg-red-50"
        >
          Delete {userName(user)}…
        </button>
      ) : (
        <div
          role="alertdialog"
          aria-labelledby="erase-confirm-title"
          aria-describedby="erase-confirm-text"
          className="space-y-3"
        >
          <p id="erase-confirm-title" className="font-medium">
            Delete {userName(user)} for good?
          </p>
          <p id="erase-confirm-text" className="text-sm text-slate-700">
            Their sign-in details, profile, recordings, feedback and results are erased, with every file. This cannot be
            undone. Recordings that annotators have worked on keep the user (the deletion is refused).
          </p>
          {erase.error && (
            <p role="alert" className="text-sm text-red-700">
              {erase.error.message}
            </p>
          )}
          <div className="flex gap-2">
            <button
              type="button"
              // biome-ignore lint/a11y/noAutofocus: the confirmation dialog focuses its safe choice, as the APG dialog pattern asks
              autoFocus
              disabled={erase.isPending}
              onClick={() => erase.mutate()}
              className="rounded-md bg-red-700 px-4 py-2 text-sm font-medium text-white hover:bg-red-800 disabled:opacity-60"
            >
              {erase.isPending ? "Deleting…" : "Yes, delete"}
            </button>
            <button
              type="button"
              onClick={() => setConfirming(false)}
              className="rounded-md border border-slate-300 px-4 py-2 text-sm"
            >
              Keep
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
