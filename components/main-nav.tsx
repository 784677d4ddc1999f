"use client";
import { usePathname } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { visibleNav } from "@/lib/web/ui/nav";
import { usePrincipal } from "@/lib/web/views/use-principal";
import { IntentLink } from "./intent-link";
import { Skeleton } from "./states";

// The pages the current view may use. Below 900 px they fold into a disclosure menu: the
// button says whether it is open (aria-expanded), Escape or a click outside closes it and
// focus returns to the button; following a link closes it.
export function MainNav() {
  const principal = usePrincipal();
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    const onClick = (e: MouseEvent) => !root.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener("keydown", onKey);
    document.addEventListener("mousedown", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("mousedown", onClick);
    };
  }, [open]);

  if (principal.isLoading) return <Skeleton className="h-5 w-48 bg-slate-700" />;
  return (
    <nav aria-label="Main" ref={root} className="min-[900px]:flex-1">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
        className="flex items-center gap-2 rounded-md border border-slate-600 px-3 py-1.5 text-sm text-white hover:bg-slate-800 min-[900px]:hidden"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
          {open ? (
            <path d="M5.3 4.3a1 1 0 0 0-1.4 1.4L8.6 10l-4.7 4.3a1 1 0 1 0 1.4 1.4L10 11.4l4.3 4.3a1 1 0 0 0 1.4-1.4L11.4 10l4.3-4.3a1 1 0 0 0-1.4-1.4L10 8.6 5.3 4.3Z" />
          ) : (
            <path d="M3 5h14a1 1 0 1 0 0-2H3a1 1 0 0 0 0 2Zm14 4H3a1 1 0 0 0 0 2h14a1 1 0 1 0 0-2Zm0 6H3a1 1 0 0 0 0 2h14a1 1 0 1 0 0-2Z" />
          )}
        </svg>
        Menu
      </button>
      <ul
        id={listId}
        className={`${open ? "flex" : "hidden"} absolute inset-x-0 top-full z-40 flex-col gap-1 border-t border-slate-700 bg-slate-900 p-2 shadow-xl min-[900px]:static min-[900px]:flex min-[900px]:flex-row min-[900px]:flex-wrap min-[900px]:border-0 min-[900px]:p-0 min-[900px]:shadow-none`}
      >
        {visibleNav(principal).map((item) => {
          const current = item.href === "/" ? pathname === "/" : pathname.startsWith(item.href);
          return (
            <li key={item.href}>
              <IntentLink
                href={item.href}
                aria-current={current ? "page" : undefined}
                onClick={() => setOpen(false)}
                className={`block rounded-md px-3 py-2 text-sm ${current ? "bg-slate-700 font-semibold text-white" : "text-slate-200 hover:bg-slate-800"}`}
              >
                {item.label}
              </IntentLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
