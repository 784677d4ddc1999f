"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { SIGN_IN_METHODS, useSignIn } from "@/lib/web/session/use-sign-in";
import { Form } from "./form";
import { FormField } from "./form-field";

// The three ways to sign in: a user of an organisation (tenant, organisation, username),
// by email address, or a top-level administrator (username alone).
export function SignInForm({ notice, initialError }: { notice?: string; initialError?: string }) {
  const router = useRouter();
  const form = useSignIn(() => {
    router.replace("/");
    router.refresh();
  });
  const method = form.values.method;
  // The message of a failed redirect shows until the next try.
  const [redirectError, setRedirectError] = useState(initialError);
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      {notice && (
        <p role="status" className="mb-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {notice}
        </p>
      )}
      <fieldset className="mb-5">
        <legend className="mb-2 text-sm font-medium text-slate-800">Sign in as</legend>
        <div className="grid grid-cols-3 gap-1 rounded-md bg-slate-100 p-1">
          {SIGN_IN_METHODS.map((m) => (
            <label
              key={m.value}
              className={`cursor-pointer rounded px-2 py-1.5 text-center text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-600 ${
                method === m.value ? "bg-white font-semibold shadow" : "text-slate-600 hover:bg-slate-200"
              }`}
            >
              <input
                type="radio"
                name="method"
                value={m.value}
                checked={method === m.value}
                onChange={() => form.setMethod(m.value)}
                className="sr-only"
              />
              {m.label}
            </label>
          ))}
        </div>
      </fieldset>
      <Form
        form={{
          handleSubmit: (event) => {
            setRedirectError(undefined);
            return form.handleSubmit(event);
          },
          submitting: form.submitting,
          formError: form.formError ?? redirectError ?? null,
        }}
        submitLabel="Sign in"
        submittingLabel="Signing in…"
      >
        {method === "organisation" && (
          <div className="grid grid-cols-2 gap-3">
            <FormField label="Tenant id" autoComplete="organization" required {...form.field("tenant")} />
            <FormField label="Organisation id" hint="Leave empty for a tenant user" {...form.field("organisation")} />
          </div>
        )}
        {method === "email" ? (
          <FormField label="Email address" type="email" autoComplete="email" required {...form.field("email")} />
        ) : (
          <FormField label="Username" autoComplete="username" required {...form.field("username")} />
        )}
        <FormField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          {...form.field("password")}
        />
      </Form>
    </div>
  );
}
