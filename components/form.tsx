import type { FormEvent, ReactNode } from "react";
import { Button } from "./button";

// The frame of every form: its fields, the error no field shows, and the submit button,
// which says what is happening while the request runs.

type Props = {
  onSubmit: (event: FormEvent) => void;
  submitting: boolean;
  formError: string | null;
  submitLabel: string;
  submittingLabel?: string;
  children: ReactNode;
  /** E.g. a cancel button. */
  actions?: ReactNode;
  className?: string;
};

export function Form({ onSubmit, submitting, formError, submitLabel, submittingLabel, children, actions, className = "" }: Props) {
  return (
    <form noValidate onSubmit={onSubmit} className={`space-y-4 ${className}`}>
      {formError && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          {formError}
        </div>
      )}
      {children}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" variant="primary" disabled={submitting}>
          {submitting ? (submittingLabel ?? "Saving…") : submitLabel}
        </Button>
        {actions}
      </div>
    </form>
  );
}
