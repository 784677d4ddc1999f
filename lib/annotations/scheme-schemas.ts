import { z } from "zod";
import { requiredText } from "@/lib/api/schemas";

// Label schemes: an organisation's annotation layers, their labels and the base annotators' subset.

const layerName = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_-]{0,49}$/, "must be 1-50 letters, digits, _ or - (starting with a letter)");

export const layerSchema = z
  .object({
    name: layerName,
    /** Labels are free text (the Words layer: the word itself) instead of a fixed list. */
    freeText: z.boolean().default(false),
    /** Labels of this layer may overlap in time. */
    allowOverlap: z.boolean().default(false),
    /** Base annotators may use this layer (for fixed lists, also per label). */
    baseAllowed: z.boolean().default(true),
    labels: z
      .array(z.object({ label: requiredText(200), baseAllowed: z.boolean().default(true) }))
      .max(500)
      .default([]),
  })
  .refine(
    (l) => (l.freeText ? l.labels.length === 0 : l.labels.length > 0),
    "a free-text layer has no label list; any other layer needs at least one label",
  )
  .refine(
    (l) => new Set(l.labels.map((x) => x.label)).size === l.labels.length,
    "labels must be unique within a layer",
  );
export type Layer = z.output<typeof layerSchema>;

export const schemeInput = z.object({
  layers: z
    .array(layerSchema)
    .min(1, "needs at least one layer")
    .max(50)
    .refine((ls) => new Set(ls.map((l) => l.name)).size === ls.length, "layer names must be unique"),
});

export const schemeSchema = z.object({
  organisation: z.string(),
  layers: z.array(
    z.object({
      name: z.string(),
      freeText: z.boolean(),
      allowOverlap: z.boolean(),
      baseAllowed: z.boolean(),
      labels: z.array(z.object({ label: z.string(), baseAllowed: z.boolean() })),
    }),
  ),
  /** Whether this is the built-in default (the organisation has not configured its own). */
  isDefault: z.boolean(),
  updated: z
    .date()
    .nullable()
    .transform((d) => d?.toISOString() ?? null),
});
export type SchemeOut = z.output<typeof schemeSchema>;
