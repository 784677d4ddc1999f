// ELAN EAF 3.0 ⇄ annotation fragments (tier mapping in ./tiers.ts).
//
// Writing (by hand, with XML escaping; deterministic apart from DATE): one TIER per tier of
// ./tiers.ts, all with the LINGUISTIC_TYPE "default-lt" (time-alignable), ALIGNABLE_ANNOTATIONs
// over one TIME_ORDER whose TIME_SLOTs hold integer ms. Each annotation gets its own two slots
// (sorted by time), so moving a boundary in ELAN never drags another tier's annotation along.
// Gaps are simply absent. HEADER: TIME_UNITS="milliseconds", a MEDIA_DESCRIPTOR when mediaUrl is
// given (MIME type from the URL's extension, else audio/ogg: the platform stores Ogg Opus), and
// lastUsedAnnotationId as ELAN writes it. Characters XML 1.0 cannot carry (C0 controls other than
// tab/newline/CR, lone surrogates) become U+FFFD; CR is written as &#13; so it survives parsing.
// Reading (fast-xml-parser): DOCTYPE declarations are refused outright (EAF never has one; this
// rules out entity-expansion attacks) and entity processing is off; the five XML entities and
// character references are decoded here, any other entity is an error. TIME_SLOT_REF1/2 must
// resolve to slots with a TIME_VALUE (unaligned slots are refused). REF_ANNOTATIONs (symbolic
// association/subdivision tiers) are refused, naming the tier: they take their times from a
// parent annotation, so skipping them would silently drop timed data, and ALIGNABLE_ANNOTATION is
// all we map. ANNOTATION_VALUEs are kept verbatim (no trimming). EAF has no duration: null.
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { type AnnotationDocument, clip, type ImportedAnnotation, InterchangeError } from "./model";
import { assembleTiers, decodeText, exportTiers, type Interval, type Tier } from "./tiers";

const NOT_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "\r": "&#13;",
  "\n": "&#10;",
  "\t": "&#9;",
};
const escapeText = (s: string) => s.replace(NOT_XML, "\uFFFD").replace(/[&<>\r]/g, (c) => ESCAPES[c]!);
const escapeAttr = (s: string) => s.replace(NOT_XML, "\uFFFD").replace(/[&<>"\r\n\t]/g, (c) => ESCAPES[c]!);

const MIME_BY_EXTENSION: Record<string, string> = {
  wav: "audio/x-wav",
  ogg: "audio/ogg",
  oga: "audio/ogg",
  opus: "audio/ogg",
  mp3: "audio/mpeg",
  m4a: "audio/mp4",
  flac: "audio/flac",
};

function mediaMime(url: string): string {
  const ext = /\.([a-z0-9]+)(?:[?#]|$)/i.exec(url.replace(/^[a-z]+:\/\/[^/]*/i, ""))?.[1]?.toLowerCase();
  return (ext && MIME_BY_EXTENSION[ext]) || "audio/ogg";
}

export type EafOptions = { date?: Date; author?: string };

export function toEaf(doc: AnnotationDocument, options: EafOptions = {}): string {
  const { tiers } = exportTiers(doc);
  const slots: number[] = [];
  const annotated = tiers.map((t) => ({
    name: t.name,
    items: t.intervals.map((iv) => ({
      ref1: slots.push(iv.startMs) - 1,
      ref2: slots.push(iv.endMs) - 1,
      text: iv.text,
    })),
  }));
  const byTime = slots.map((_, i) => i).sort((a, b) => slots[a]! - slots[b]! || a - b);
  const slotId: string[] = [];
  byTime.forEach((slot, k) => (slotId[slot] = `ts${k + 1}`));

  const date = (options.date ?? new Date()).toISOString();
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<ANNOTATION_DOCUMENT AUTHOR="${escapeAttr(options.author ?? "")}" DATE="${date}" FORMAT="3.0" VERSION="3.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="http://www.mpi.nl/tools/elan/EAFv3.0.xsd">`,
    '    <HEADER MEDIA_FILE="" TIME_UNITS="milliseconds">',
  ];
  if (doc.mediaUrl)
    out.push(
      `        <MEDIA_DESCRIPTOR MEDIA_URL="${escapeAttr(doc.mediaUrl)}" MIME_TYPE="${mediaMime(doc.mediaUrl)}"/>`,
    );
  let annotationCount = 0;
  for (const t of annotated) annotationCount += t.items.length;
  out.push(`        <PROPERTY NAME="lastUsedAnnotationId">${annotationCount}</PROPERTY>`, "    </HEADER>");
  if (slots.length === 0) out.push("    <TIME_ORDER/>");
  else {
    out.push("    <TIME_ORDER>");
    for (const slot of byTime)
      out.push(`        <TIME_SLOT TIME_SLOT_ID="${slotId[slot]}" TIME_VALUE="${slots[slot]}"/>`);
    out.push("    </TIME_ORDER>");
  }
  let id = 0;
  for (const t of annotated) {
    const open = `    <TIER LINGUISTIC_TYPE_REF="default-lt" TIER_ID="${escapeAttr(t.name)}"`;
    if (t.items.length === 0) {
      out.push(`${open}/>`);
      continue;
    }
    out.push(`${open}>`);
    for (const a of t.items) {
      out.push(
        "        <ANNOTATION>",
        `            <ALIGNABLE_ANNOTATION ANNOTATION_ID="a${++id}" TIME_SLOT_REF1="${slotId[a.ref1]}" TIME_SLOT_REF2="${slotId[a.ref2]}">`,
        `                <ANNOTATION_VALUE>${escapeText(a.text)}</ANNOTATION_VALUE>`,
        "            </ALIGNABLE_ANNOTATION>",
        "        </ANNOTATION>",
      );
    }
    out.push("    </TIER>");
  }
  out.push(
    '    <LINGUISTIC_TYPE GRAPHIC_REFERENCES="false" LINGUISTIC_TYPE_ID="default-lt" TIME_ALIGNABLE="true"/>',
    `    <CONSTRAINT DESCRIPTION="Time subdivision of parent annotation's time interval, no time gaps allowed within this interval" STEREOTYPE="Time_Subdivision"/>`,
    '    <CONSTRAINT DESCRIPTION="Symbolic subdivision of a parent annotation. Annotations refering to the same parent are ordered" STEREOTYPE="Symbolic_Subdivision"/>',
    '    <CONSTRAINT DESCRIPTION="1-1 association with a parent annotation" STEREOTYPE="Symbolic_Association"/>',
    `    <CONSTRAINT DESCRIPTION="Time alignable annotations within the parent annotation's time interval, gaps are allowed" STEREOTYPE="Included_In"/>`,
    "</ANNOTATION_DOCUMENT>",
  );
  return `${out.join("\n")}\n`;
}

const ENTITY = /&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z_][\w.-]*);/g;
const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeEntities(s: string): string {
  return s.replace(ENTITY, (whole, body: string) => {
    if (body[0] !== "#") {
      const named = NAMED[body];
      if (named === undefined) throw new InterchangeError(`EAF: unknown entity ${clip(whole)}`);
      return named;
    }
    const code = body[1] === "x" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    if (!(code > 0 && code <= 0x10ffff)) throw new InterchangeError(`EAF: invalid character reference ${clip(whole)}`);
    return String.fromCodePoint(code);
  });
}

/** Bytes → text, honouring a non-Unicode encoding declared in the XML declaration (e.g. ISO-8859-1). */
function decodeXml(input: string | Uint8Array): string {
  if (typeof input !== "string" && input[0] === 0x3c && input[1] !== 0) {
    const head = new TextDecoder("latin1").decode(input.subarray(0, 200));
    const declared = /^<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1]?.toLowerCase();
    if (declared && !/^utf-?(8|16)/.test(declared)) {
      try {
        return new TextDecoder(declared, { fatal: true }).decode(input);
      } catch (err) {
        throw new InterchangeError(`EAF: cannot read the declared encoding "${clip(declared)}"`, { cause: err });
      }
    }
  }
  return decodeText(input, "EAF");
}

type XmlNode = Record<string, unknown>;
const ARRAYS = new Set(["TIME_SLOT", "TIER", "ANNOTATION"]);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: false,
  htmlEntities: false,
  cdataPropName: "__cdata",
  isArray: (name) => ARRAYS.has(name),
});

const node = (v: unknown): XmlNode => (v !== null && typeof v === "object" && !Array.isArray(v) ? (v as XmlNode) : {});
const list = (v: unknown): XmlNode[] => (Array.isArray(v) ? v.map(node) : []);
const attr = (n: XmlNode, name: string): string | undefined =>
  typeof n[`@_${name}`] === "string" ? decodeEntities(n[`@_${name}`] as string) : undefined;

/** Text content; a mix of text and CDATA sections is joined text first. */
function textOf(v: unknown): string {
  if (typeof v === "string") return decodeEntities(v);
  const n = node(v);
  const cdata = n.__cdata;
  return (
    (typeof n["#text"] === "string" ? decodeEntities(n["#text"]) : "") +
    (Array.isArray(cdata) ? cdata.join("") : typeof cdata === "string" ? cdata : "")
  );
}

export function fromEaf(input: string | Uint8Array): ImportedAnnotation {
  // XML line-end normalisation; whitespace before the XML declaration is forgiven.
  const text = decodeXml(input)
    .replace(/\r\n?/g, "\n")
    .replace(/^\s+(?=<\?xml)/, "");
  if (/<!DOCTYPE|<!ENTITY/i.test(text))
    throw new InterchangeError("EAF: DOCTYPE and ENTITY declarations are not allowed");
  let root: XmlNode;
  try {
    const valid = XMLValidator.validate(text);
    if (valid !== true) throw new InterchangeError(`EAF line ${valid.err.line}: malformed XML: ${valid.err.msg}`);
    const parsed = node(parser.parse(text));
    if (!("ANNOTATION_DOCUMENT" in parsed))
      throw new InterchangeError("EAF: the XML root element is not ANNOTATION_DOCUMENT");
    root = node(parsed.ANNOTATION_DOCUMENT);
  } catch (err) {
    if (err instanceof InterchangeError) throw err;
    throw new InterchangeError(`EAF: malformed XML: ${(err as Error).message}`, { cause: err });
  }

  const units = attr(node(root.HEADER), "TIME_UNITS");
  if (units !== undefined && units !== "milliseconds")
    throw new InterchangeError(`EAF: TIME_UNITS "${clip(units)}" is not supported (only milliseconds)`);
  const slots = new Map<string, number | null>();
  for (const slot of list(node(root.TIME_ORDER).TIME_SLOT)) {
    const id = attr(slot, "TIME_SLOT_ID");
    const value = attr(slot, "TIME_VALUE");
    if (!id) throw new InterchangeError("EAF: a TIME_SLOT has no TIME_SLOT_ID");
    if (value !== undefined && !/^\s*\d{1,15}\s*$/.test(value))
      throw new InterchangeError(
        `EAF: time slot "${clip(id)}" has TIME_VALUE "${clip(value)}", not whole milliseconds`,
      );
    slots.set(id, value === undefined ? null : Number(value));
  }
  const time = (tier: string, ref: string | undefined, which: string): number => {
    const value = ref === undefined ? undefined : slots.get(ref);
    if (value === undefined)
      throw new InterchangeError(
        `EAF: tier "${clip(tier)}": ${which} ${ref === undefined ? "is missing" : `"${clip(ref)}" names no TIME_SLOT`}`,
      );
    if (value === null)
      throw new InterchangeError(
        `EAF: tier "${clip(tier)}": time slot "${clip(ref!)}" has no TIME_VALUE (unaligned annotations are not supported)`,
      );
    return value;
  };

  const tiers: Tier[] = list(root.TIER).map((t, i) => {
    const name = attr(t, "TIER_ID") ?? "";
    if (name.trim() === "") throw new InterchangeError(`EAF: tier ${i + 1} has no TIER_ID`);
    const intervals: Interval[] = [];
    for (const a of list(t.ANNOTATION)) {
      if ("REF_ANNOTATION" in a) {
        throw new InterchangeError(
          `EAF: tier "${clip(name)}" holds reference annotations (REF_ANNOTATION) without times of their own; only time-aligned tiers can be imported`,
        );
      }
      const aligned = node(a.ALIGNABLE_ANNOTATION);
      if (!("ALIGNABLE_ANNOTATION" in a))
        throw new InterchangeError(`EAF: tier "${clip(name)}" has an ANNOTATION without ALIGNABLE_ANNOTATION`);
      const startMs = time(name, attr(aligned, "TIME_SLOT_REF1"), "TIME_SLOT_REF1");
      const endMs = time(name, attr(aligned, "TIME_SLOT_REF2"), "TIME_SLOT_REF2");
      intervals.push({ startMs, endMs, text: textOf(aligned.ANNOTATION_VALUE) });
    }
    return { name, intervals };
  });
  return { durationMs: null, fragments: assembleTiers(tiers, "EAF") };
}
