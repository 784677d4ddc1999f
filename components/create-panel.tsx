"use client";
import { type ReactNode, useState } from "react";
import { Button } from "./button";

// A "New …" button that opens its form in place, above the list it adds to.
export function CreatePanel({
  label,
  title,
  children,
}: {
  label: string;
  title: string;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <Button variant="primary" onClick={() => setOpen(true)}>
        {label}
      </Button>
    );
  }
  return (
    <section aria-label={title} className="w-full rounded-lg border border-blue-200 bg-blue-50/50 p-5">
      <h2 className="mb-4 text-lg font-semibold">{title}</h2>
      {children(() => setOpen(false))}
    </section>
  );
}
