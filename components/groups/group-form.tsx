"use client";
import { updateGroupSchema } from "@/lib/groups/edit-schemas";
import { createGroupSchema, type Group } from "@/lib/groups/schemas";
import { flatten } from "@/lib/web/categories/category-tree";
import { useCategoryChoices } from "@/lib/web/groups/use-groups";
import { categoryPaths } from "@/lib/web/names";
import { useZodForm } from "@/lib/web/ui/use-zod-form";
import { usePrincipal } from "@/lib/web/views/use-principal";
import { CheckboxGroup, joinList, splitList } from "../admin/checkbox-group";
import { Form } from "../form";
import { FormField, IdField } from "../form-field";

// Creates a group (POST /api/groups: id?, name, categories?) or edits one (PUT: name,
// categories), validated with the API's schemas. Categories are the organisation's.

type Props = {
  group?: Group;
  submit: (value: { id?: string; name: string; categories?: string[] }) => Promise<unknown>;
  onDone: () => void;
};

export function GroupForm({ group, submit, onDone }: Props) {
  const principal = usePrincipal();
  const categories = useCategoryChoices(principal.can("CATEGORY_LIST"));
  const form = useZodForm(group ? updateGroupSchema : createGroupSchema, {
    initial: { name: group?.name ?? "", id: "", categories: joinList(group?.categories ?? []) },
    toInput: (v) => ({ name: v.name, ...(v.id.trim() ? { id: v.id } : {}), categories: splitList(v.categories) }),
    onSubmit: async (value) => {
      await submit(value);
      if (!group) form.reset();
      onDone();
    },
  });
  // Every category, subcategories included, in tree order, each named with its ancestors.
  const paths = categoryPaths(categories.data ?? []);
  const ordered = flatten(categories.data ?? []).map((n) => n.category.id);
  const options = [
    ...ordered.map((id) => ({ value: id, label: paths.get(id)! })),
    // Linked categories this view cannot list (removed meanwhile) stay choosable, in words.
    ...(group?.categories ?? [])
      .filter((id) => !paths.has(id))
      .map((id) => ({ value: id, label: categories.isPending ? "Loading…" : "A removed category" })),
  ];
  return (
    <Form
      form={form}
      submitLabel={group ? "Save group" : "Create group"}
      submittingLabel={group ? "Saving…" : "Creating…"}
      onCancel={onDone}
    >
      <div className="grid gap-4 md:grid-cols-2">
        <FormField label="Name" required autoFocus {...form.field("name")} />
        {!group && <IdField {...form.field("id")} />}
      </div>
      <CheckboxGroup
        legend="Categories"
        options={options}
        value={splitList(form.values.categories)}
        onChange={(list) => form.setValue("categories", joinList(list))}
        error={form.errors.categories}
        empty={
          categories.isPending && principal.can("CATEGORY_LIST")
            ? "Loading categories…"
            : categories.isError
              ? categories.error.message
              : "No categories in this view"
        }
      />
    </Form>
  );
}
