import type { ReactNode } from "react";
import { Button } from "./button";

// Loading, failure and empty states shared by lists and detail views.

export function Skeleton({ className = "" }: { className?: string }) {
  return <div aria-hidden className={`animate-pulse rounded bg-slate-200 ${className}`} />;
}

export function LoadingBlock({ label = "Loading…", lines = 3 }: { label?: string; lines?: number }) {
  return (
    <div role="status" aria-live="polite" className="space-y-3 py-2">
      <span className="sr-only">{label}</span>
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} className={`h-4 ${i % 2 ? "w-2/3" : "w-full"}`} />
      ))}
    </div>
  );
}

/** The API's own message, and a way to try again. */
export function ErrorState({
  error,
  onRetry,
  title = "This could not be loaded",
}: {
  error: Error | null;
  onRetry?: () => void;
  title?: string;
}) {
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-900">
      <p className="font-semibold">{title}</p>
      <p className="mt-1">{error?.message ?? "Something went wrong."}</p>
      {onRetry && (
        <Button className="mt-3" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-md border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600">
      <p className="font-semibold text-slate-800">{title}</p>
      {children && <div className="mt-2">{children}</div>}
    </div>
  );
}
