"use client";
import { useImpersonation } from "@/lib/web/views/use-impersonation";
import { Button } from "./button";

// Shown while the caller acts as someone below them: whose view it is, and the way back.
export function ImpersonationBar() {
  const { session, returnTo, busy } = useImpersonation();
  const stack = session?.stack ?? [];
  if (stack.length < 2) return null;
  const previous = stack.length - 2;
  return (
    <div role="region" aria-label="Active view" className="bg-amber-300 text-amber-950">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 text-sm">
        <p className="flex-1">
          Viewing as <strong data-testid="active-view">{session?.view}</strong>
          <span className="text-amber-900"> — signed in as {stack[0].view}</span>
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" disabled={busy} onClick={() => returnTo.mutate(previous)}>
            Return to {stack[previous].view}
          </Button>
          {previous > 0 && (
            <Button variant="secondary" disabled={busy} onClick={() => returnTo.mutate(0)}>
              Return to {stack[0].view}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
