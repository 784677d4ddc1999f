"use client";
import { memo, useEffect, useRef } from "react";
import { coverage } from "@/lib/web/annotations/lanes/density";
import type { View } from "@/lib/web/annotations/lanes/lanes";
import type { Item } from "@/lib/web/annotations/model/types";

// A lane's fragments when too many are in view to draw as boxes: per pixel column, a bar as
// high as the share of that column's time they cover, so gaps, dense stretches and unlabelled
// parts show at a glance. Zoom in to edit them.

export const DensityStrip = memo(function DensityStrip({
  layer,
  items,
  view,
  count,
}: {
  layer: string;
  items: Item[];
  view: View;
  count: number;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const width = Math.max(1, Math.ceil(view.viewportWidth));
  useEffect(() => {
    const el = canvas.current;
    const ctx = el?.getContext("2d");
    if (!el || !ctx) return;
    const height = el.height;
    const cover = coverage(items, view, width);
    ctx.clearRect(0, 0, width, height);
    ctx.fillStyle = "#0284c7";
    for (let x = 0; x < width; x++) {
      const h = Math.round(cover[x] * (height - 4));
      if (h > 0) ctx.fillRect(x, height - 2 - h, 1, h);
    }
  }, [items, view, width]);
  return (
    <>
      <canvas
        ref={canvas}
        width={width}
        height={40}
        className="pointer-events-none absolute inset-x-0 top-0.5 h-10"
        style={{ width }}
        data-testid={`lane-density-${layer}`}
        aria-hidden
      />
      <p className="pointer-events-none absolute top-0.5 left-1 rounded bg-white/85 px-1 text-[11px] text-slate-700">
        {count} fragments in view: their coverage. Zoom in to edit them.
      </p>
    </>
  );
});
