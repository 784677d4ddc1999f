"use client";
import { type ChangeEvent, type FormEvent, useState } from "react";
import type { z } from "zod";
import type { FieldError } from "@/lib/api/errors";
import { ApiRequestError } from "../api/api-client";

// Forms validated in the browser with the API's own zod schema (lib/<domain>/schemas.ts),
// then submitted; the API's 422/409 `errors[]` land on the same fields.

const CODE_TEXT: Record<FieldError["code"], string> = {
  missing: "refers to something that does not exist",
  missing_field: "is required",
  invalid: "is invalid",
  already_exists: "is already taken",
};

type Values = Record<string, string>;
export type FieldErrors = Partial<Record<string, string>>;

export function useZodForm<S extends z.ZodType, V extends Values>(
  schema: S,
  opts: {
    initial: V;
    onSubmit: (value: z.output<S>) => Promise<unknown>;
    /** Values to the schema's input; by default empty fields are left out (optional fields). */
    toInput?: (values: V) => unknown;
  },
) {
  const [values, setValues] = useState<V>(opts.initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const toInput = opts.toInput ?? dropEmpty;

  const validate = (next: V): { ok: true; value: z.output<S> } | { ok: false; errors: FieldErrors } => {
    const result = schema.safeParse(toInput(next));
    return result.success ? { ok: true, value: result.data } : { ok: false, errors: fieldErrors(result.error.issues) };
  };

  /** Several values at once (e.g. remembered ones), without validating. */
  const patch = (partial: Partial<V>) => setValues((prev) => ({ ...prev, ...partial }));

  const setValue = (name: keyof V & string, value: string) => {
    const next = { ...values, [name]: value };
    setValues((prev) => ({ ...prev, [name]: value }));
    // Once a field shows an error, it is re-checked as the person types.
    if (errors[name]) {
      const check = validate(next);
      setErrors((e) => ({ ...e, [name]: check.ok ? undefined : check.errors[name] }));
    }
  };

  const handleSubmit = async (event?: FormEvent) => {
    event?.preventDefault();
    setFormError(null);
    const check = validate(values);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await opts.onSubmit(check.value);
    } catch (error) {
      const { fields, message } = apiErrors(error, Object.keys(values));
      setErrors(fields);
      setFormError(message);
    } finally {
      setSubmitting(false);
    }
  };

  /** Props for a FormField / input named `name`. */
  const field = (name: keyof V & string) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      setValue(name, event.target.value),
  });

  const reset = () => {
    setValues(opts.initial);
    setErrors({});
    setFormError(null);
  };

  return { values, setValue, patch, errors, formError, submitting, handleSubmit, field, reset };
}

const dropEmpty = (values: Values) => Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== ""));

function fieldErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const name = issue.path.length ? String(issue.path[0]) : "";
    // Only strings are sent, so a type mismatch is a left-out (empty) field.
    out[name] ??= issue.code === "invalid_type" ? "is required" : issue.message;
  }
  return out;
}

/** The API's field errors by field, and its message when no field shows it. */
function apiErrors(error: unknown, fieldNames: string[]): { fields: FieldErrors; message: string | null } {
  if (!(error instanceof ApiRequestError))
    return { fields: {}, message: error instanceof Error ? error.message : String(error) };
  const fields: FieldErrors = {};
  for (const e of error.errors)
    if (fieldNames.includes(e.field)) fields[e.field] ??= e.message ?? CODE_TEXT[e.code] ?? e.code;
  const shown = Object.keys(fields).length > 0 && error.errors.every((e) => fieldNames.includes(e.field));
  return { fields, message: shown ? null : error.message };
}
