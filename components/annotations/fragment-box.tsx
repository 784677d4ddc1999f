"use client";
import { memo } from "react";

type BoxProps = {
  id: string;
  name: string;
  label: string;
  left: number;
  width: number;
  selected: boolean;
  bad: boolean;
};

/** One fragment, drawn at its true width (a word at 10 px/s is a few px: no padding widens it). */
export const FragmentBox = memo(function FragmentBox({ id, name, label, left, width, selected, bad }: BoxProps) {
  const roomy = width >= 18;
  return (
    <button
      type="button"
      data-item-id={id}
      data-space-plays
      aria-pressed={selected}
      aria-label={name}
      title={name}
      style={{ left, width }}
      className={`absolute top-1 bottom-1 box-border overflow-hidden border text-left text-xs leading-8 whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-700 ${
        roomy ? "rounded px-1" : "px-0"
      } ${bad ? "border-red-600 bg-red-100 text-red-900" : selected ? "z-[1] border-blue-800 bg-blue-200 text-blue-950" : "border-sky-400 bg-sky-100 text-slate-900"}`}
    >
      {roomy && <span className="pointer-events-none">{label.trim() || "…"}</span>}
    </button>
  );
});
