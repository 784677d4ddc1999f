// Annotation fragments → WebVTT (export only: captions for a player, not an editing format).
//
// - Header "WEBVTT - <name>" (newlines in the name become spaces, "-->" is defused).
// - One cue per fragment of the canonical form (fragments with identical times merged, time
//   order, labels in layer order), identifier "f<index+1>", timestamps hh:mm:ss.mmm from integer ms.
// - Cue text: one line per label, "<Layer>: <label>", plus " — <comment>" when the comment is not
//   empty; newlines become spaces and &, <, > are escaped as character references, so no line is
//   blank (each starts with its layer) and no cue text contains "-->".
import { type AnnotationDocument, canonicalFragments, InterchangeError, layerOrder } from "./model";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;" };
const cueText = (s: string) => s.replace(/\r\n|\r|\n/g, " ").replace(/[&<>]/g, (c) => ESCAPES[c]!);

export function vttTimestamp(ms: number): string {
  if (!Number.isSafeInteger(ms) || ms < 0)
    throw new InterchangeError(`time ${ms} is not a non-negative integer number of milliseconds`);
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor(ms / 60_000) % 60;
  const seconds = Math.floor(ms / 1000) % 60;
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}.${pad(ms % 1000, 3)}`;
}

export function toWebVtt(doc: AnnotationDocument): string {
  const title = doc.name
    .replace(/[\r\n]+/g, " ")
    .replace(/--+>/g, "→")
    .trim();
  doc.fragments.forEach((f, i) => {
    if (!Number.isSafeInteger(f.startMs) || !Number.isSafeInteger(f.endMs) || f.startMs < 0 || f.startMs >= f.endMs) {
      throw new InterchangeError(
        `fragment ${i + 1}: times ${f.startMs}–${f.endMs} ms are not integers with 0 <= startMs < endMs`,
      );
    }
  });
  const cues = canonicalFragments(doc.fragments, layerOrder(doc.layers, doc.fragments)).map((f, i) => {
    const lines = f.labels.map(
      (l) => `${cueText(l.layer)}: ${cueText(l.label)}${l.comment === "" ? "" : ` — ${cueText(l.comment)}`}`,
    );
    return [`f${i + 1}`, `${vttTimestamp(f.startMs)} --> ${vttTimestamp(f.endMs)}`, ...lines].join("\n");
  });
  return `${[title ? `WEBVTT - ${title}` : "WEBVTT", ...cues].join("\n\n")}\n`;
}
