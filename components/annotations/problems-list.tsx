"use client";
import { Button } from "@/components/button";
import type { Problem } from "@/lib/web/annotations/model/types";

// What would make the API refuse a save, found in the browser (each one selects its
// fragment), and what the API still refused (its 422 or 409 messages).

type Props = {
  problems: Problem[];
  serverProblems: string[];
  onSelect: (id: string) => void;
  onDismissServer: () => void;
};

export function ProblemsList({ problems, serverProblems, onSelect, onDismissServer }: Props) {
  if (problems.length === 0 && serverProblems.length === 0) return null;
  return (
    <div className="space-y-3">
      {serverProblems.length > 0 && (
        <div
          role="alert"
          className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900"
          data-testid="server-problems"
        >
          <p className="font-semibold">The server refused the save:</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {serverProblems.map((m, i) => (
              <li key={i}>{m}</li>
            ))}
          </ul>
          <Button variant="ghost" className="mt-2 px-2 py-1 text-xs" onClick={onDismissServer}>
            Dismiss
          </Button>
        </div>
      )}
      {problems.length > 0 && (
        <div
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
          data-testid="problems"
        >
          <p className="font-semibold">
            {problems.length === 1 ? "1 problem" : `${problems.length} problems`} to fix before saving:
          </p>
          <ul className="mt-1 space-y-0.5">
            {problems.slice(0, 20).map((p, i) => (
              <li key={i}>
                {p.itemId ? (
                  <button
                    type="button"
                    className="text-left underline decoration-dotted hover:decoration-solid"
                    onClick={() => onSelect(p.itemId!)}
                  >
                    {p.message}
                  </button>
                ) : (
                  p.message
                )}
              </li>
            ))}
          </ul>
          {problems.length > 20 && <p className="mt-1">…and {problems.length - 20} more.</p>}
        </div>
      )}
    </div>
  );
}
