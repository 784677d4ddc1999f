import { expect, test } from "@playwright/test";
import { toEaf } from "./eaf";
import { EXPORT_FORMATS, exportDocument, importDocument, isExportFormat } from "./formats";
import { InterchangeError } from "./model";
import { DOCUMENTS } from "./test-documents";
import { toTextGrid } from "./textgrid";
import { toWebVtt } from "./webvtt";

const doc = DOCUMENTS["quotes, unicode and markup"]!;

test("export formats name their content type and extension", () => {
  expect(EXPORT_FORMATS).toEqual({
    textgrid: { contentType: "text/plain; charset=utf-8", extension: "TextGrid" },
    eaf: { contentType: "application/xml; charset=utf-8", extension: "eaf" },
    vtt: { contentType: "text/vtt; charset=utf-8", extension: "vtt" },
  });
  expect(exportDocument("textgrid", doc)).toBe(toTextGrid(doc));
  expect(exportDocument("vtt", doc)).toBe(toWebVtt(doc));
  expect(exportDocument("eaf", doc)).toMatch(/^<\?xml[\s\S]*<ANNOTATION_DOCUMENT /);
  expect(isExportFormat("eaf")).toBe(true);
  expect(isExportFormat("json")).toBe(false);
  expect(isExportFormat("toString")).toBe(false);
  expect(() => exportDocument("json" as never, doc)).toThrow(InterchangeError);
});

test("import detects TextGrid and EAF by content, as text or bytes, whatever the hint says", () => {
  const textGrid = toTextGrid(doc);
  const eaf = toEaf(doc);
  const fromTextGrid = importDocument(textGrid);
  const fromEaf = importDocument(eaf, "misnamed.TextGrid");
  expect(fromTextGrid.fragments).toEqual(fromEaf.fragments);
  expect(fromTextGrid.durationMs).toBe(4000);
  expect(fromEaf.durationMs).toBeNull();
  const encode = (s: string) => new TextEncoder().encode(s);
  expect(importDocument(encode(`\uFEFF${textGrid}`), "text/plain")).toEqual(fromTextGrid);
  expect(importDocument(encode(`\n  ${eaf}`), "a.eaf")).toEqual(fromEaf);
  expect(importDocument(`\uFEFF${eaf}`)).toEqual(fromEaf);
  const le = new Uint8Array(2 + textGrid.length * 2);
  le.set([0xff, 0xfe]);
  for (let i = 0; i < textGrid.length; i++)
    le.set([textGrid.charCodeAt(i) & 0xff, textGrid.charCodeAt(i) >> 8], 2 + i * 2);
  expect(importDocument(le)).toEqual(fromTextGrid);
  expect(importDocument(le.subarray(2))).toEqual(fromTextGrid); // BOM-less UTF-16 LE
  const withComment = eaf.replace("?>\n", '?>\n<!-- exported from "ELAN" <with> markup -->\n');
  expect(importDocument(withComment)).toEqual(fromEaf);
});

test("import refuses anything else with InterchangeError", () => {
  const cases: [string | Uint8Array, string | undefined, RegExp][] = [
    ["", undefined, /expected a Praat TextGrid \(text format\) or an ELAN \.eaf file/],
    ['{"fragments": []}', "a.json", /cannot read the file a\.json: expected a Praat TextGrid/],
    ["WEBVTT - x\n\n", "x.vtt", /WebVTT can be exported but not imported/],
    [
      '<?xml version="1.0"?>\n<html><body>hi</body></html>',
      "page.html",
      /page\.html is not an ELAN \.eaf file \(its root element is <html>/,
    ],
    ["<ANNOTATION_DOCUMENT><TIER", undefined, /EAF line \d+: malformed XML/],
    [
      'File type = "ooTextFile"\nObject class = "TextGrid"\n\nxmin = 0\n',
      "t.TextGrid",
      /TextGrid: the file ends early/,
    ],
    [Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]), "image.png", /cannot read the file image\.png/],
    [
      Uint8Array.from([0x4f, 0x67, 0x67, 0x53, 0x00, 0x02]),
      "audio/ogg",
      /not valid UTF-16LE text|cannot read the file/,
    ],
  ];
  for (const [input, hint, message] of cases) {
    expect(() => importDocument(input, hint)).toThrow(InterchangeError);
    expect(() => importDocument(input, hint)).toThrow(message);
  }
});
