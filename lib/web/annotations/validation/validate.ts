import { describeItem, formatMs } from "../lanes/time-format";
import { placeKey } from "../model/items";
import type { Item, Problem, Role, SchemeLayer } from "../model/types";

// The API's fragment checks (lib/annotations/fragments.ts), run in the browser before a save:
// 0 <= start < end <= the recording's duration; known layers and labels; no overlap within a
// layer that forbids it; base annotators only use their subset. A label already saved at the
// same place is exempt from the scheme and subset checks, as on the server.

export type CheckContext = {
  layers: readonly SchemeLayer[];
  /** The recording's duration; null when unknown (no end check). */
  durationMs: number | null;
  role: Role;
  /** placeKey()s of the labels the server holds now (items.ts savedPlaces). */
  saved: ReadonlySet<string>;
};

const MAX_LABEL = 500;
const MAX_COMMENT = 2000;

/** Whether a base annotator may use this label of this layer. */
export const baseMayUse = (layer: SchemeLayer, label: string): boolean =>
  layer.baseAllowed && (layer.freeText || (layer.labels.find((l) => l.label === label)?.baseAllowed ?? false));

export function checkItems(items: readonly Item[], ctx: CheckContext): Problem[] {
  const problems: Problem[] = [];
  const layers = new Map(ctx.layers.map((l) => [l.name, l]));
  const add = (item: Item, message: string) =>
    problems.push({ itemId: item.id, message: `${describeItem(item)}: ${message}` });

  for (const item of items) {
    if (item.startMs < 0) add(item, "starts before the recording");
    if (item.startMs >= item.endMs) add(item, "must start before it ends");
    if (ctx.durationMs !== null && item.endMs > ctx.durationMs)
      add(item, `ends after the end of the recording (${formatMs(ctx.durationMs)})`);
    const label = item.label.trim();
    if (!label) add(item, "needs a label");
    if (label.length > MAX_LABEL) add(item, `the label is longer than ${MAX_LABEL} characters`);
    if (item.comment.length > MAX_COMMENT) add(item, `the comment is longer than ${MAX_COMMENT} characters`);
    if (!label || ctx.saved.has(placeKey(item.layer, label, item.startMs, item.endMs))) continue;
    const layer = layers.get(item.layer);
    if (!layer) {
      add(item, `layer ${item.layer} is not in the scheme`);
      continue;
    }
    if (!layer.freeText && !layer.labels.some((l) => l.label === label))
      add(item, `“${label}” is not a label of layer ${layer.name}`);
    else if (ctx.role === "base" && !baseMayUse(layer, label))
      add(item, `“${label}” on layer ${layer.name} is for full annotators only`);
  }

  for (const layer of ctx.layers.filter((l) => !l.allowOverlap)) {
    const spans = items
      .filter((i) => i.layer === layer.name)
      .sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);
    // Against the span reaching furthest so far, as the server does: a long span is reported
    // against every span it covers.
    let reach = spans[0];
    for (const span of spans.slice(1)) {
      if (span.startMs < reach.endMs)
        add(span, `overlaps ${describeItem(reach)} on layer ${layer.name}, which does not allow overlaps`);
      if (span.endMs > reach.endMs) reach = span;
    }
  }
  return problems;
}

/** The ids of items with a problem. */
export const problemIds = (problems: readonly Problem[]): Set<string> =>
  new Set(problems.flatMap((p) => (p.itemId ? [p.itemId] : [])));
