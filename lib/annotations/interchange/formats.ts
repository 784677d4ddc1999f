// Export formats and content-sniffing import, for the annotation API (JSON is done there).
//
// Content types: TextGrid is plain text (Praat has no registered type). EAF is served as
// "application/xml": ELAN opens files by their .eaf extension and never sees the content type,
// while the registered XML type (RFC 7303) is what browsers, HTTP clients and XML tools
// recognise; the archives' "text/x-eaf+xml" is unregistered (an x- type, RFC 6648) and makes some
// clients treat the file as unknown. Import decides by content, never by the hint: a TextGrid
// starts with File type = "ooTextFile" (after an optional BOM, possibly UTF-16), an EAF is XML
// whose root is ANNOTATION_DOCUMENT. The hint (file name or content type) only improves errors.
import { fromEaf, toEaf } from "./eaf";
import { type AnnotationDocument, clip, type ImportedAnnotation, InterchangeError } from "./model";
import { fromTextGrid, toTextGrid } from "./textgrid";
import { toWebVtt } from "./webvtt";

export const EXPORT_FORMATS = {
  textgrid: { contentType: "text/plain; charset=utf-8", extension: "TextGrid" },
  eaf: { contentType: "application/xml; charset=utf-8", extension: "eaf" },
  vtt: { contentType: "text/vtt; charset=utf-8", extension: "vtt" },
} as const;

export type ExportFormat = keyof typeof EXPORT_FORMATS;

export function isExportFormat(value: string): value is ExportFormat {
  return Object.hasOwn(EXPORT_FORMATS, value);
}

export function exportDocument(format: ExportFormat, doc: AnnotationDocument): string {
  switch (format) {
    case "textgrid":
      return toTextGrid(doc);
    case "eaf":
      return toEaf(doc);
    case "vtt":
      return toWebVtt(doc);
    default:
      throw new InterchangeError(`unknown export format "${clip(String(format))}"`);
  }
}

/** The first characters of the input as text, for sniffing only (lenient: never throws). */
function head(input: string | Uint8Array): string {
  if (typeof input === "string") return input.slice(0, 4096);
  const b = input.subarray(0, 8192);
  const encoding =
    (b[0] === 0xff && b[1] === 0xfe) || (b[0] !== 0 && b[1] === 0)
      ? "utf-16le"
      : (b[0] === 0xfe && b[1] === 0xff) || (b[0] === 0 && b[1] !== 0)
        ? "utf-16be"
        : "utf-8";
  return new TextDecoder(encoding).decode(b);
}

/** The name of the first element, skipping the XML declaration, processing instructions and comments. */
function rootElement(text: string): string | undefined {
  let rest = text.trimStart();
  for (;;) {
    const close = rest.startsWith("<?")
      ? rest.indexOf("?>") + 2
      : rest.startsWith("<!--")
        ? rest.indexOf("-->") + 3
        : 0;
    if (close <= 2) break; // nothing to skip, or the construct does not end within the head
    rest = rest.slice(close).trimStart();
  }
  return /^<([A-Za-z_][\w:.-]*)/.exec(rest)?.[1];
}

export function importDocument(input: string | Uint8Array, hint?: string): ImportedAnnotation {
  const start = head(input).replace(/^\uFEFF/, "");
  const trimmed = start.trimStart();
  if (/^File\s+type\s*=\s*"ooTextFile/.test(trimmed) || trimmed.startsWith("ooBinaryFile")) return fromTextGrid(input);
  const name = hint ? ` ${clip(hint)}` : "";
  if (trimmed.startsWith("<")) {
    const root = rootElement(start);
    if (root !== undefined && root !== "ANNOTATION_DOCUMENT")
      throw new InterchangeError(
        `the XML file${name} is not an ELAN .eaf file (its root element is <${clip(root)}>, not <ANNOTATION_DOCUMENT>)`,
      );
    return fromEaf(input); // the parser judges anything the first few kilobytes do not settle
  }
  const vtt = trimmed.startsWith("WEBVTT") ? " (WebVTT can be exported but not imported)" : "";
  throw new InterchangeError(
    `cannot read the file${name}: expected a Praat TextGrid (text format) or an ELAN .eaf file${vtt}`,
  );
}
