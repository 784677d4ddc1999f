import { ApiError } from "@/lib/api/errors";
import type { Db, Tx } from "@/lib/db/client";
import { type Layer, schemeInput } from "./schemas";

// Which layers and labels an organisation's annotators may use. Organisations that never
// configured their own use DEFAULT_LAYERS. Base annotators get the subset marked baseAllowed
// (full annotators all): by default they transcribe words, mark the prompt, out-of-prompt
// speech and noise; error classes are for full annotators.

const closed = (
  name: string,
  labels: [string, boolean][],
  options: { allowOverlap?: boolean; baseAllowed?: boolean } = {},
): Layer => ({
  name,
  freeText: false,
  allowOverlap: options.allowOverlap ?? false,
  baseAllowed: options.baseAllowed ?? true,
  labels: labels.map(([label, baseAllowed]) => ({ label, baseAllowed })),
});

export const DEFAULT_LAYERS: Layer[] = [
  { name: "Words", freeText: true, allowOverlap: false, baseAllowed: true, labels: [] },
  closed("Prompt", [["Prompt", true]]),
  closed("OutOfPrompt", [
    ["OutOfPrompt", true],
    ["Hesitation", true],
    ["Repetition", true],
    ["Filler", true],
    ["Correction", true],
  ]),
  closed(
    "Error",
    [
      ["Pronunciation", false],
      ["Substitution", false],
      ["Deletion", false],
      ["Insertion", false],
      ["Grammar", false],
    ],
    { allowOverlap: true, baseAllowed: false },
  ),
  closed(
    "Noise",
    [
      ["Noise", true],
      ["Silence", true],
      ["Breath", true],
      ["Laughter", true],
      ["Background", true],
    ],
    { allowOverlap: true },
  ),
];

export type Scheme = { layers: Layer[]; isDefault: boolean; updated: Date | null };

/** The organisation's scheme, or the default. */
export async function schemeOf(db: Db | Tx, organisationPk: string): Promise<Scheme> {
  const row = await db.annotationScheme.findUnique({ where: { organisationPk } });
  if (!row) return { layers: DEFAULT_LAYERS, isDefault: true, updated: null };
  const parsed = schemeInput.safeParse({ layers: JSON.parse(row.layers) });
  if (!parsed.success) throw new ApiError("internal", "The stored annotation scheme is unreadable");
  return { layers: parsed.data.layers, isDefault: false, updated: row.updated };
}

/** Replaces the organisation's scheme (existing annotations keep their labels; see fragments.ts). */
export async function saveScheme(db: Db, organisationPk: string, layers: Layer[]): Promise<Scheme> {
  const text = JSON.stringify(layers);
  const row = await db.annotationScheme.upsert({
    where: { organisationPk },
    create: { organisationPk, layers: text },
    update: { layers: text, version: { increment: 1 } },
  });
  return { layers, isDefault: false, updated: row.updated };
}

/** Back to the default scheme. */
export async function resetScheme(db: Db, organisationPk: string): Promise<Scheme> {
  await db.annotationScheme.deleteMany({ where: { organisationPk } });
  return { layers: DEFAULT_LAYERS, isDefault: true, updated: null };
}
