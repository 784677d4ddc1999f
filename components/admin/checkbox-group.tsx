"use client";
import { useId } from "react";
import { errorText } from "../form-field";

// A labelled set of checkboxes for a list field (roles, groups, categories). The value is
// the list of checked option values; the error (zod or API) shows under the set.

export type CheckboxOption = { value: string; label: string; hint?: string };

type Props = {
  legend: string;
  options: CheckboxOption[];
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
  required?: boolean;
  /** Shown when there are no options. */
  empty?: string;
};

export function CheckboxGroup({
  legend,
  options,
  value,
  onChange,
  error,
  required,
  empty = "Nothing to choose from",
}: Props) {
  const id = useId();
  const toggle = (option: string, checked: boolean) =>
    // Kept in the options' order.
    onChange(options.map((o) => o.value).filter((v) => (v === option ? checked : value.includes(v))));
  return (
    <fieldset
      className="min-w-0"
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-1 text-sm font-medium text-slate-800">
        {legend}
        {required && <span className="text-red-700"> *</span>}
      </legend>
      {options.length === 0 ? (
        <p className="text-sm text-slate-500">{empty}</p>
      ) : (
        <div
          className={`flex flex-wrap gap-2 rounded-md border bg-white p-2 ${error ? "border-red-500" : "border-slate-300"}`}
        >
          {options.map((o) => (
            <label
              key={o.value}
              className="flex cursor-pointer items-center gap-2 rounded px-2 py-1 text-sm hover:bg-slate-100 has-[:checked]:bg-blue-50"
            >
              <input
                type="checkbox"
                name={legend}
                value={o.value}
                checked={value.includes(o.value)}
                onChange={(e) => toggle(o.value, e.target.checked)}
              />
              <span>{o.label}</span>
              {o.hint && <span className="text-xs text-slate-500">{o.hint}</span>}
            </label>
          ))}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs font-medium text-red-700">
          {errorText(legend, error)}
        </p>
      )}
    </fieldset>
  );
}

/** List fields live in useZodForm's string values as comma-joined ids (ids never hold commas). */
export const joinList = (list: string[]) => list.join(",");
export const splitList = (value: string) => value.split(",").filter(Boolean);
