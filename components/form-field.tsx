import { type InputHTMLAttributes, useId } from "react";

// A labelled input with its hint and its error (from zod or from the API), wired for
// screen readers: aria-invalid and aria-describedby.

type Props = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  name: string;
  hint?: string;
  error?: string;
};

/** "must not be empty" reads as "Name must not be empty"; full sentences stay as they are. */
export const errorText = (label: string, error: string) => (/^[a-z]/.test(error) ? `${label} ${error}` : error);

export function FormField({ label, name, hint, error, className = "", ...input }: Props) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
        {input.required && <span className="text-red-700"> *</span>}
      </label>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
        className={`rounded-md border bg-white px-3 py-2 text-sm ${error ? "border-red-500" : "border-slate-300"}`}
        {...input}
      />
      {hint && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-xs font-medium text-red-700">
          {errorText(label, error)}
        </p>
      )}
    </div>
  );
}

/** The optional id of a new resource, chosen by the client (api-conventions.md); left empty, the API makes one. */
export function IdField(props: Omit<Props, "label" | "hint">) {
  return (
    <FormField label="Id" hint="Optional: letters, digits and . _ ~ @ -. Left empty, one is generated." {...props} />
  );
}
