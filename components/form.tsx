import Link from "next/link";
import type { FormEvent, ReactNode } from "react";
import { Button, buttonClass } from "./button";

// The frame of every form: its fields, the error no field shows, the submit button, which says
// what is happening while the request runs, and the way out (Cancel) where there is one.

/** What the frame needs of a form's state: useZodForm's result, as it is. */
export type FormState = {
  handleSubmit: (event?: FormEvent) => unknown;
  submitting: boolean;
  formError: string | null;
};

type Props = {
  form: FormState;
  submitLabel: string;
  submittingLabel?: string;
  children: ReactNode;
  /** A Cancel button next to the submit button that calls this... */
  onCancel?: () => void;
  /** ...or a Cancel link to this page. */
  cancelHref?: string;
  className?: string;
};

export function Form({ form, submitLabel, submittingLabel, children, onCancel, cancelHref, className = "" }: Props) {
  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(event)} className={`space-y-4 ${className}`}>
      {form.formError && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          {form.formError}
        </div>
      )}
      {children}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" variant="primary" disabled={form.submitting}>
          {form.submitting ? (submittingLabel ?? "Saving…") : submitLabel}
        </Button>
        {onCancel && (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
        {cancelHref && (
          <Link href={cancelHref} className={buttonClass("ghost")}>
            Cancel
          </Link>
        )}
      </div>
    </form>
  );
}
