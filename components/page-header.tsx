"use client";
import { type ReactNode, useEffect } from "react";

export const APP_NAME = "Speech training platform";

/** The browser tab says what the page shows (its heading), e.g. a challenge's question rather than its id. */
export function useDocumentTitle(title: string | null | undefined) {
  useEffect(() => {
    if (!title) return;
    const full = `${title} · ${APP_NAME}`;
    document.title = full;
    // Next's metadata may set the title again after this effect (client navigation): keep ours.
    const head = document.querySelector("head");
    if (!head) return;
    const observer = new MutationObserver(() => {
      if (document.title !== full) document.title = full;
    });
    observer.observe(head, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  }, [title]);
}

export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
        {description && <div className="mt-1 max-w-2xl text-sm text-slate-600">{description}</div>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}
