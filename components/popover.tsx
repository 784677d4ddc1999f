"use client";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { type ButtonVariant, buttonClass } from "./button";

// A button that opens a panel below it; Escape or a click outside closes it and
// focus returns to the button.

type Props = {
  label: ReactNode;
  variant?: ButtonVariant;
  align?: "left" | "right";
  panelClassName?: string;
  children: (close: () => void) => ReactNode;
};

export function Popover({ label, variant = "ghost", align = "right", panelClassName = "w-80", children }: Props) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>("button, a, input, select")?.focus();
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && close();
    const onClick = (e: MouseEvent) => !root.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener("keydown", onKey);
    document.addEventListener("mousedown", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("mousedown", onClick);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        className={buttonClass(variant)}
        onClick={() => setOpen((o) => !o)}
      >
        {label}
      </button>
      {open && (
        <div
          ref={panel}
          id={id}
          className={`absolute z-40 mt-2 max-w-[calc(100vw-2rem)] rounded-md border border-slate-200 bg-white p-3 text-slate-900 shadow-xl ${align === "right" ? "right-0" : "left-0"} ${panelClassName}`}
        >
          {children(close)}
        </div>
      )}
    </div>
  );
}
