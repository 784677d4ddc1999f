import { expect, test } from "@playwright/test";
import { XMLValidator } from "fast-xml-parser";
import { fromEaf, toEaf } from "./eaf";
import { type AnnotationDocument, canonicalFragments, InterchangeError, layerOrder } from "./model";
import { DOCUMENTS, randomDocument } from "./test-documents";

const canonical = (doc: AnnotationDocument) => canonicalFragments(doc.fragments, layerOrder(doc.layers, doc.fragments));

for (const [name, doc] of Object.entries(DOCUMENTS)) {
  test(`EAF round trip: ${name}`, () => {
    const xml = toEaf(doc);
    expect(XMLValidator.validate(xml)).toBe(true);
    const back = fromEaf(xml);
    expect(back).toEqual({ durationMs: null, fragments: canonical(doc) });
    expect(fromEaf(new TextEncoder().encode(`\uFEFF${xml}`))).toEqual(back);
  });
}

test("EAF round trips of random documents", () => {
  for (let seed = 1; seed <= 300; seed++) {
    const doc = randomDocument(seed);
    expect(fromEaf(toEaf(doc)).fragments, `seed ${seed}`).toEqual(canonical(doc));
  }
});

test("EAF output is an ELAN 3.0 document", () => {
  const doc: AnnotationDocument = {
    name: "annotation-5",
    durationMs: 2000,
    layers: ["Words", "Error"],
    mediaUrl: "https://example.org/api/recordings/r1/audio?x=1&y=2",
    fragments: [
      {
        startMs: 500,
        endMs: 1250,
        labels: [
          { layer: "Words", label: "a & b", comment: "" },
          { layer: "Error", label: "x", comment: "note" },
        ],
      },
      { startMs: 0, endMs: 400, labels: [{ layer: "Words", label: "first", comment: "" }] },
    ],
  };
  const xml = toEaf(doc, { date: new Date("2026-01-02T03:04:05Z"), author: 'Ann "A" <a@x>' });
  expect(xml).toContain(
    '<ANNOTATION_DOCUMENT AUTHOR="Ann &quot;A&quot; &lt;a@x&gt;" DATE="2026-01-02T03:04:05.000Z" FORMAT="3.0" VERSION="3.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="http://www.mpi.nl/tools/elan/EAFv3.0.xsd">',
  );
  expect(xml).toContain('<HEADER MEDIA_FILE="" TIME_UNITS="milliseconds">');
  expect(xml).toContain(
    '<MEDIA_DESCRIPTOR MEDIA_URL="https://example.org/api/recordings/r1/audio?x=1&amp;y=2" MIME_TYPE="audio/ogg"/>',
  );
  expect(xml).toContain('<PROPERTY NAME="lastUsedAnnotationId">4</PROPERTY>');
  expect(xml).toContain(
    '<LINGUISTIC_TYPE GRAPHIC_REFERENCES="false" LINGUISTIC_TYPE_ID="default-lt" TIME_ALIGNABLE="true"/>',
  );
  for (const stereotype of ["Time_Subdivision", "Symbolic_Subdivision", "Symbolic_Association", "Included_In"])
    expect(xml).toContain(`STEREOTYPE="${stereotype}"/>`);
  expect([...xml.matchAll(/<TIER LINGUISTIC_TYPE_REF="default-lt" TIER_ID="([^"]*)"/g)].map((m) => m[1])).toEqual([
    "Words",
    "Error",
    "Error comments",
  ]);
  expect(xml).toContain("<ANNOTATION_VALUE>a &amp; b</ANNOTATION_VALUE>");
  // Slots are numbered in time order and every reference resolves.
  const slots = new Map(
    [...xml.matchAll(/TIME_SLOT_ID="(ts\d+)" TIME_VALUE="(\d+)"/g)].map((m) => [m[1]!, Number(m[2])]),
  );
  expect([...slots.values()]).toEqual([0, 400, 500, 500, 500, 1250, 1250, 1250]);
  expect([...slots.keys()]).toEqual(["ts1", "ts2", "ts3", "ts4", "ts5", "ts6", "ts7", "ts8"]);
  for (const m of xml.matchAll(/TIME_SLOT_REF1="(\w+)" TIME_SLOT_REF2="(\w+)"/g))
    expect(slots.get(m[1]!)!).toBeLessThan(slots.get(m[2]!)!);
  // The order of elements the EAF 3.0 schema prescribes.
  const order = ["<HEADER", "<TIME_ORDER", "<TIER", "<LINGUISTIC_TYPE", "<CONSTRAINT"].map((tag) => xml.indexOf(tag));
  expect(order).toEqual([...order].sort((a, b) => a - b));
  expect(toEaf({ ...doc, mediaUrl: null })).not.toContain("MEDIA_DESCRIPTOR");
  expect(toEaf({ ...doc, mediaUrl: "https://x/a/b.wav" })).toContain('MIME_TYPE="audio/x-wav"');
  expect(toEaf({ ...doc, mediaUrl: "https://x.wav/a/audio" })).toContain('MIME_TYPE="audio/ogg"');
});

test("characters XML cannot carry are replaced, CR survives", () => {
  const doc: AnnotationDocument = {
    name: "x",
    durationMs: 10,
    layers: ["W"],
    fragments: [{ startMs: 0, endMs: 5, labels: [{ layer: "W", label: "a\u0001b\rc\uD800", comment: "" }] }],
  };
  expect(fromEaf(toEaf(doc)).fragments[0]!.labels[0]!.label).toBe("a\uFFFDb\rc\uFFFD");
});

const ELAN = `<?xml version="1.0" encoding="UTF-8"?>
<ANNOTATION_DOCUMENT AUTHOR="" DATE="2024-05-01T10:00:00+02:00" FORMAT="3.0" VERSION="3.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="http://www.mpi.nl/tools/elan/EAFv3.0.xsd">
    <HEADER MEDIA_FILE="" TIME_UNITS="milliseconds">
        <MEDIA_DESCRIPTOR MEDIA_URL="file:///C:/rec.wav" MIME_TYPE="audio/x-wav"/>
        <PROPERTY NAME="URN">urn:nl-mpi-tools-elan-eaf:1</PROPERTY>
    </HEADER>
    <TIME_ORDER>
        <TIME_SLOT TIME_SLOT_ID="ts1" TIME_VALUE="120"/>
        <TIME_SLOT TIME_SLOT_ID="ts2" TIME_VALUE="880"/>
        <TIME_SLOT TIME_SLOT_ID="ts3" TIME_VALUE="1500"/>
        <!-- a comment -->
        <TIME_SLOT TIME_SLOT_ID="ts4" TIME_VALUE="2000"/>
    </TIME_ORDER>
    <TIER LINGUISTIC_TYPE_REF="default-lt" TIER_ID=" Words ">
        <ANNOTATION>
            <ALIGNABLE_ANNOTATION ANNOTATION_ID="a2" TIME_SLOT_REF1="ts2" TIME_SLOT_REF2="ts3">
                <ANNOTATION_VALUE>it&apos;s &#x263A; &#233;</ANNOTATION_VALUE>
            </ALIGNABLE_ANNOTATION>
        </ANNOTATION>
        <ANNOTATION>
            <ALIGNABLE_ANNOTATION ANNOTATION_ID="a1" TIME_SLOT_REF1="ts1" TIME_SLOT_REF2="ts2">
                <ANNOTATION_VALUE><![CDATA[<raw> & kept]]></ANNOTATION_VALUE>
            </ALIGNABLE_ANNOTATION>
        </ANNOTATION>
    </TIER>
    <TIER LINGUISTIC_TYPE_REF="default-lt" TIER_ID="Error">
        <ANNOTATION>
            <ALIGNABLE_ANNOTATION ANNOTATION_ID="a3" TIME_SLOT_REF1="ts2" TIME_SLOT_REF2="ts4">
                <ANNOTATION_VALUE>late</ANNOTATION_VALUE>
            </ALIGNABLE_ANNOTATION>
        </ANNOTATION>
        <ANNOTATION>
            <ALIGNABLE_ANNOTATION ANNOTATION_ID="a4" TIME_SLOT_REF1="ts1" TIME_SLOT_REF2="ts2">
                <ANNOTATION_VALUE>  </ANNOTATION_VALUE>
            </ALIGNABLE_ANNOTATION>
        </ANNOTATION>
    </TIER>
    <TIER LINGUISTIC_TYPE_REF="default-lt" TIER_ID="Empty"/>
    <LINGUISTIC_TYPE GRAPHIC_REFERENCES="false" LINGUISTIC_TYPE_ID="default-lt" TIME_ALIGNABLE="true"/>
    <LOCALE COUNTRY_CODE="US" LANGUAGE_CODE="en"/>
    <CONSTRAINT DESCRIPTION="1-1 association with a parent annotation" STEREOTYPE="Symbolic_Association"/>
</ANNOTATION_DOCUMENT>
`;

test("an ELAN-written file is read: shared slots, unsorted annotations, entities, CDATA", () => {
  expect(fromEaf(ELAN)).toEqual({
    durationMs: null,
    fragments: [
      { startMs: 120, endMs: 880, labels: [{ layer: "Words", label: "<raw> & kept", comment: "" }] },
      { startMs: 880, endMs: 1500, labels: [{ layer: "Words", label: "it's ☺ é", comment: "" }] },
      { startMs: 880, endMs: 2000, labels: [{ layer: "Error", label: "late", comment: "" }] },
    ],
  });
  expect(fromEaf(ELAN.replaceAll("\n", "\r\n"))).toEqual(fromEaf(ELAN));
});

test("a declared Latin-1 encoding is honoured when reading bytes", () => {
  const latin1 = ELAN.replace('encoding="UTF-8"', 'encoding="ISO-8859-1"').replace("&#233;", "é");
  const bytes = Uint8Array.from(latin1, (c) => c.charCodeAt(0) & 0xff);
  expect(fromEaf(bytes).fragments[1]!.labels[0]!.label).toBe("it's ☺ é");
});

const REF_TIER = `<TIER LINGUISTIC_TYPE_REF="gloss" PARENT_REF="Error" TIER_ID="Gloss">
        <ANNOTATION><REF_ANNOTATION ANNOTATION_ID="a9" ANNOTATION_REF="a3"><ANNOTATION_VALUE>g</ANNOTATION_VALUE></REF_ANNOTATION></ANNOTATION>
    </TIER>
    <LINGUISTIC_TYPE `;
const LOL =
  '<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>';

const BAD: [string, string | Uint8Array, RegExp][] = [
  ["malformed XML", ELAN.replace("</TIER>", "</TIR>"), /EAF line \d+: malformed XML/],
  ["truncated XML", ELAN.slice(0, 1200), /EAF line \d+: malformed XML/],
  ["not XML at all", "hello", /malformed XML/],
  ["empty", "", /malformed XML/],
  ["another root", '<?xml version="1.0"?><html><body/></html>', /root element is not ANNOTATION_DOCUMENT/],
  [
    "reference to a missing time slot",
    ELAN.replace('TIME_SLOT_REF2="ts4"', 'TIME_SLOT_REF2="ts9"'),
    /tier "Error": TIME_SLOT_REF2 "ts9" names no TIME_SLOT/,
  ],
  ["missing reference", ELAN.replace('TIME_SLOT_REF2="ts4"', ""), /tier "Error": TIME_SLOT_REF2 is missing/],
  [
    "time slot without a value",
    ELAN.replace('<TIME_SLOT TIME_SLOT_ID="ts4" TIME_VALUE="2000"/>', '<TIME_SLOT TIME_SLOT_ID="ts4"/>'),
    /time slot "ts4" has no TIME_VALUE/,
  ],
  [
    "fractional time value",
    ELAN.replace('TIME_VALUE="2000"', 'TIME_VALUE="2000.5"'),
    /time slot "ts4" has TIME_VALUE "2000.5", not whole milliseconds/,
  ],
  [
    "REF_ANNOTATION tier",
    ELAN.replace("<LINGUISTIC_TYPE ", REF_TIER),
    /tier "Gloss" holds reference annotations \(REF_ANNOTATION\)/,
  ],
  [
    "reversed annotation",
    ELAN.replace('TIME_SLOT_REF1="ts2" TIME_SLOT_REF2="ts4"', 'TIME_SLOT_REF1="ts4" TIME_SLOT_REF2="ts2"'),
    /tier "Error": interval 2–0.88 s is empty or reversed/,
  ],
  [
    "entity bomb",
    ELAN.replace("<ANNOTATION_DOCUMENT ", `${LOL}<ANNOTATION_DOCUMENT `).replace("late", "&lol3;"),
    /DOCTYPE and ENTITY declarations are not allowed/,
  ],
  [
    "external entity",
    ELAN.replace(
      "<ANNOTATION_DOCUMENT ",
      '<!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><ANNOTATION_DOCUMENT ',
    ).replace("late", "&xxe;"),
    /DOCTYPE/,
  ],
  ["undeclared entity", ELAN.replace("late", "&nbsp;late"), /unknown entity &nbsp;/],
  ["bad character reference", ELAN.replace("late", "&#0;late"), /invalid character reference &#0;/],
  [
    "seconds as time units",
    ELAN.replace('TIME_UNITS="milliseconds"', 'TIME_UNITS="seconds"'),
    /TIME_UNITS "seconds" is not supported/,
  ],
  ["tier without id", ELAN.replace('TIER_ID="Error"', 'TIER_ID=""'), /tier 2 has no TIER_ID/],
  ["invalid UTF-8", Uint8Array.from([0x3c, 0x61, 0x3e, 0xff, 0x3c, 0x2f, 0x61, 0x3e]), /not valid UTF-8 text/],
  [
    "unknown declared encoding",
    new TextEncoder().encode('<?xml version="1.0" encoding="klingon"?><a/>'),
    /cannot read the declared encoding "klingon"/,
  ],
];

for (const [name, input, message] of BAD) {
  test(`bad EAF is refused: ${name}`, () => {
    expect(() => fromEaf(input)).toThrow(InterchangeError);
    expect(() => fromEaf(input)).toThrow(message);
  });
}
