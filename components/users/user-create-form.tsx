"use client";
import { createUserSchema } from "@/lib/users/schemas";
import { useGroups } from "@/lib/web/groups/use-groups";
import { useZodForm } from "@/lib/web/ui/use-zod-form";
import { roleWords } from "@/lib/web/users/role-words";
import { grantableRoles, useCreateUser, useRoles } from "@/lib/web/users/use-users";
import { usePrincipal } from "@/lib/web/views/use-principal";
import { CheckboxGroup, joinList, splitList } from "../admin/checkbox-group";
import { Form } from "../form";
import { FormField, IdField } from "../form-field";

// A new user at the current view's level (the API creates it where the token acts), with
// the roles this view may grant and any of its groups. Validated with the API's schema.

const INITIAL = { firstName: "", infix: "", lastName: "", id: "", roles: "", groups: "" };

export function UserCreateForm({ onDone }: { onDone: (userId: string) => void }) {
  const principal = usePrincipal();
  const roles = useRoles();
  const groups = useGroups(principal.can("GROUP_LIST"));
  const create = useCreateUser();
  const form = useZodForm(createUserSchema, {
    initial: INITIAL,
    toInput: (v) => ({
      firstName: v.firstName,
      infix: v.infix,
      lastName: v.lastName,
      ...(v.id.trim() ? { id: v.id } : {}),
      roles: splitList(v.roles),
      groups: splitList(v.groups),
    }),
    onSubmit: async (value) => {
      const user = await create.mutateAsync(value);
      form.reset();
      onDone(user.id);
    },
  });
  const roleOptions = grantableRoles(principal, roles.data ?? []).map((r) => ({ value: r, label: roleWords(r) }));
  const groupOptions = (groups.data ?? []).map((g) => ({ value: g.id, label: g.name }));
  return (
    <Form form={form} submitLabel="Create user" submittingLabel="Creating…" onCancel={() => onDone("")}>
      <div className="grid gap-4 md:grid-cols-[2fr_1fr_2fr]">
        <FormField label="First name" required autoFocus autoComplete="off" {...form.field("firstName")} />
        <FormField label="Infix" hint="E.g. van, de; may be empty" autoComplete="off" {...form.field("infix")} />
        <FormField label="Last name" required autoComplete="off" {...form.field("lastName")} />
      </div>
      <IdField className="max-w-md" {...form.field("id")} />
      <CheckboxGroup
        legend="Roles"
        required
        options={roleOptions}
        value={splitList(form.values.roles)}
        onChange={(list) => form.setValue("roles", joinList(list))}
        error={form.errors.roles}
        empty={roles.isPending ? "Loading roles…" : "This view may grant no roles"}
      />
      <CheckboxGroup
        legend="Groups"
        options={groupOptions}
        value={splitList(form.values.groups)}
        onChange={(list) => form.setValue("groups", joinList(list))}
        error={form.errors.groups}
        empty={groups.isPending ? "Loading groups…" : groups.isError ? groups.error.message : "No groups yet"}
      />
    </Form>
  );
}
