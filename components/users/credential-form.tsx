"use client";
import { useId, useState } from "react";
import { type CreatedCredential, createBasicAuthSchema, createEmailAuthSchema } from "@/lib/credentials/schemas";
import type { User } from "@/lib/users/schemas";
import { useZodForm } from "@/lib/web/ui/use-zod-form";
import { generatePassword } from "@/lib/web/users/password";
import { type CredentialKind, useAddBasicAuth, useAddEmailAuth } from "@/lib/web/users/use-credentials";
import { OneTimeSecret } from "../admin/one-time-secret";
import { Form } from "../form";
import { FormField } from "../form-field";

// Adds a username or an email credential. The password is generated here (crypto.getRandomValues)
// unless one is typed, sent once, and shown once afterwards.

const TEXT: Record<CredentialKind, { title: string; field: string; label: string; hint: string }> = {
  basic: {
    title: "Add a username",
    field: "username",
    label: "Username",
    hint: "Unique within this organisation; no spaces or /",
  },
  email: { title: "Add an email address", field: "email", label: "Email address", hint: "Unique across the platform" },
};

export function CredentialForm({ kind, user }: { kind: CredentialKind; user: User }) {
  const basic = useAddBasicAuth(user);
  const email = useAddEmailAuth(user);
  const [created, setCreated] = useState<CreatedCredential | null>(null);
  const text = TEXT[kind];
  const headingId = useId();
  const schema = kind === "basic" ? createBasicAuthSchema : createEmailAuthSchema;
  const form = useZodForm(schema, {
    initial: { [text.field]: "", password: "" } as Record<string, string>,
    // A typed password is used as typed; otherwise a strong one is generated for this request.
    toInput: (v) => ({ ...v, password: v.password === "" ? generatePassword() : v.password }),
    onSubmit: async (value) => {
      const result =
        kind === "basic" ? await basic.mutateAsync(value as never) : await email.mutateAsync(value as never);
      form.reset();
      setCreated(result);
    },
  });
  return (
    <section aria-labelledby={headingId} className="rounded-md border border-slate-200 p-4">
      <h3 id={headingId} className="mb-3 font-semibold">
        {text.title}
      </h3>
      {created ? (
        <OneTimeSecret login={created.email} secret={created.password} onDone={() => setCreated(null)} />
      ) : (
        <Form
          form={form}
          submitLabel={kind === "basic" ? "Add username" : "Add email address"}
          submittingLabel="Adding…"
        >
          <FormField
            label={text.label}
            type={kind === "email" ? "email" : "text"}
            autoComplete="off"
            required
            hint={text.hint}
            {...form.field(text.field)}
          />
          <FormField
            label="Password"
            type="password"
            autoComplete="new-password"
            hint="Leave empty to generate a strong password, shown once after adding"
            {...form.field("password")}
          />
        </Form>
      )}
    </section>
  );
}
