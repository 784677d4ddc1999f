"use client";
import { useId, useMemo, useState } from "react";
import { FileField } from "@/components/challenges/file-field";
import { Form } from "@/components/form";
import { errorText, FormField, IdField } from "@/components/form-field";
import { type Category, createCategorySchema, isColor, updateCategorySchema } from "@/lib/categories/schemas";
import { descendants, flatten } from "@/lib/web/categories/category-tree";
import { useSaveCategory, useSpeechChallenges } from "@/lib/web/categories/use-categories";
import { useZodForm } from "@/lib/web/ui/use-zod-form";
import { ChallengePicker } from "./challenge-picker";

// Create or edit a category: texts validated with the API's own schema (lib/categories/
// schemas.ts), its parent, colour, image and icon (files), and its speech challenges.

type Props = {
  list: Category[];
  /** The category being edited; absent: a new one under `parent`. */
  category?: Category;
  parent?: string | null;
  onDone: () => void;
};

const selectClass = "rounded-md border border-slate-300 bg-white px-3 py-2 text-sm";

/** A field's props without `error` (not an attribute of <select> or <textarea>). */
const control = <F extends { error?: string }>({ error: _error, ...rest }: F) => rest;

export function CategoryForm({ list, category, parent = null, onDone }: Props) {
  const uid = useId();
  const save = useSaveCategory(category?.id);
  const speech = useSpeechChallenges();
  const [challenges, setChallenges] = useState<string[]>(category?.speechChallenges ?? []);
  const [image, setImage] = useState<File | null>(null);
  const [icon, setIcon] = useState<File | null>(null);
  const editing = !!category;
  const form = useZodForm(editing ? updateCategorySchema : createCategorySchema, {
    initial: {
      id: "",
      name: category?.name ?? "",
      description: category?.description ?? "",
      color: category?.color ?? "",
      parent: category ? (category.parent ?? "") : (parent ?? ""),
    },
    // Blanks go to the schema: they mean "no value" (and clear the field on an update).
    toInput: ({ id, ...rest }) => (editing || !id.trim() ? rest : { id, ...rest }),
    onSubmit: async (value) => {
      await save.mutateAsync({
        id: (value as { id?: string }).id,
        parent: value.parent ?? null,
        name: value.name ?? null,
        description: value.description ?? null,
        color: value.color ?? null,
        speechChallenges: challenges,
        image,
        icon,
      });
      onDone();
    },
  });

  // A category cannot move under itself or its descendants.
  const parents = useMemo(() => {
    const excluded = category ? descendants(list, category.id).add(category.id) : new Set<string>();
    return flatten(list).filter((n) => !excluded.has(n.category.id));
  }, [list, category]);
  const color = form.values.color.trim();
  const swatch = color && isColor(color) ? (/^[0-9a-f]{3,8}$/i.test(color) ? `#${color}` : color) : null;
  const apiError = (field: string) => save.error?.errors.find((e) => e.field === field)?.message;

  return (
    <Form
      form={form}
      submitLabel={editing ? "Save category" : "Create category"}
      submittingLabel={editing ? "Saving…" : "Creating…"}
      onCancel={onDone}
    >
      <div className="grid gap-4 md:grid-cols-2">
        <FormField label="Name" autoFocus {...form.field("name")} />
        {!editing && <IdField {...form.field("id")} />}
        <div className="flex flex-col gap-1 md:col-span-2">
          <label htmlFor={`${uid}-description`} className="text-sm font-medium text-slate-800">
            Description
          </label>
          <textarea
            id={`${uid}-description`}
            rows={2}
            className={selectClass}
            {...control(form.field("description"))}
          />
          {form.errors.description && (
            <p className="text-xs font-medium text-red-700">{errorText("Description", form.errors.description)}</p>
          )}
        </div>
        <div className="flex items-end gap-2">
          <FormField
            label="Colour"
            hint="#RRGGBB, rgb(…), hsl(…) or a CSS colour name"
            className="flex-1"
            {...form.field("color")}
          />
          <input
            type="color"
            aria-label="Pick a colour"
            value={/^#[0-9a-f]{6}$/i.test(color) ? color : "#000000"}
            onChange={(e) => form.setValue("color", e.target.value)}
            className={`h-10 w-12 rounded border border-slate-300 bg-white ${form.errors.color ? "mb-9" : "mb-5"}`}
          />
          <span
            aria-hidden
            data-testid="color-preview"
            className="mb-7 h-6 w-6 rounded-full border border-slate-300"
            style={swatch ? { backgroundColor: swatch } : undefined}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${uid}-parent`} className="text-sm font-medium text-slate-800">
            Parent
          </label>
          <select id={`${uid}-parent`} className={selectClass} {...control(form.field("parent"))}>
            <option value="">— Top level —</option>
            {parents.map((n) => (
              <option key={n.category.id} value={n.category.id}>
                {"\u00a0\u00a0".repeat(n.depth)}
                {n.category.name ?? n.category.id}
              </option>
            ))}
          </select>
          {(form.errors.parent ?? apiError("parent")) && (
            <p className="text-xs font-medium text-red-700">
              {errorText("Parent", form.errors.parent ?? apiError("parent")!)}
            </p>
          )}
        </div>
        <FileField
          label="Image"
          kind="image"
          value={image}
          onChange={setImage}
          currentUrl={category?.imageUrl}
          error={apiError("image")}
        />
        <FileField
          label="Icon"
          kind="image"
          value={icon}
          onChange={setIcon}
          currentUrl={category?.iconUrl}
          error={apiError("icon")}
        />
        <div className="md:col-span-2">
          <ChallengePicker
            challenges={speech.data}
            loading={speech.isPending}
            error={speech.error}
            value={challenges}
            onChange={setChallenges}
          />
          {apiError("speechChallenges") && (
            <p className="mt-1 text-xs font-medium text-red-700">{apiError("speechChallenges")}</p>
          )}
        </div>
      </div>
    </Form>
  );
}
