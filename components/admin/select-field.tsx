import { type SelectHTMLAttributes, useId } from "react";
import { errorText } from "../form-field";

// A labelled <select> with its hint and error, wired like FormField.

type Props = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  name: string;
  options: { value: string; label: string }[];
  hint?: string;
  error?: string;
};

export function SelectField({ label, name, options, hint, error, className = "", ...select }: Props) {
  const id = useId();
  const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        className={`rounded-md border bg-white px-3 py-2 text-sm ${error ? "border-red-500" : "border-slate-300"}`}
        {...select}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-red-700">
          {errorText(label, error)}
        </p>
      )}
    </div>
  );
}
