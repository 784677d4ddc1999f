import { importDocument } from "@/lib/annotations/interchange/formats";
import type { Imported } from "./import-preview";

// Reading an imported TextGrid or .eaf with the server's own parser (lib/annotations/interchange).
// A file of its own, loaded only when someone imports (lib/web/annotations/saving/use-annotation-save.ts):
// the XML parser behind it is a third of the editor's code, which its first paint does not need.

/** Throws InterchangeError (its message is fit to show) for unreadable files. */
export function readImport(bytes: Uint8Array, fileName: string): Imported {
  const doc = importDocument(bytes, fileName);
  const items = doc.fragments.flatMap((f) =>
    f.labels.map((l) => ({
      layer: l.layer,
      label: l.label.trim(),
      comment: l.comment.trim() ? l.comment : "",
      startMs: f.startMs,
      endMs: f.endMs,
    })),
  );
  return { layers: [...new Set(items.map((i) => i.layer))], items };
}
