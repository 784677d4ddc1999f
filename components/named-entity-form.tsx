"use client";
import type { z } from "zod";
import { useZodForm } from "@/lib/web/ui/use-zod-form";
import { Form } from "./form";
import { FormField, IdField } from "./form-field";

// Create form for the API's "id?, name" resources (tenants, organisations), validated with
// the resource's own create schema.

type Props<S extends z.ZodType> = {
  schema: S;
  noun: string;
  submit: (value: z.output<S>) => Promise<unknown>;
  onDone: () => void;
};

export function NamedEntityForm<S extends z.ZodType>({ schema, noun, submit, onDone }: Props<S>) {
  const form = useZodForm(schema, {
    initial: { name: "", id: "" },
    onSubmit: async (value) => {
      await submit(value);
      form.reset();
      onDone();
    },
  });
  return (
    <Form form={form} submitLabel={`Create ${noun}`} submittingLabel="Creating…" onCancel={onDone}>
      <div className="grid gap-4 md:grid-cols-2">
        <FormField label="Name" required autoFocus {...form.field("name")} />
        <IdField {...form.field("id")} />
      </div>
    </Form>
  );
}
