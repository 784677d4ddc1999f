// Annotations in other tools' formats over HTTP: GET /annotation/:id/export?format=textgrid|eaf|
// vtt|json (a download) and POST /annotation/:id/import (multipart part `file`: a Praat TextGrid,
// long or short text format, or an ELAN .eaf), which replaces the fragments under the same rules
// as a PUT (scheme, workflow, If-Match). Times travel as integer milliseconds, so a file the
// service exported reads back to the same fragments (lossless on the Words layer, and on every
// other layer too). Unreadable files are a 422 on `file` and change nothing.
import type { APIRequestContext } from "@playwright/test";
import {
  ANNOTATION,
  type Annotation,
  assign,
  createAnnotation,
  type FragmentIn,
  importFile,
  layerOf,
  putAnnotation,
  readAnnotation,
  type Setup,
  setup,
  words,
} from "../support/annotations";
import { authed, expectJson, member } from "../support/api";
import { expectError, expectFieldError } from "../support/assertions";
import { prepareTestAudio, testAudio } from "../support/audio";
import { expect, test } from "../support/fixtures";

prepareTestAudio();

const exportOf = (request: APIRequestContext, token: string, id: number, format?: string) =>
  request.get(`/api/annotation/${id}/export${format === undefined ? "" : `?format=${format}`}`, {
    headers: authed(token),
  });
const importInto = (
  request: APIRequestContext,
  token: string,
  id: number,
  bytes: Buffer | string,
  name?: string,
  ifMatch?: string,
) => importFile(request, token, `/api/annotation/${id}/import`, bytes, name, ifMatch);

/** A rich annotation: odd milliseconds, every default layer, overlapping errors, comments with quotes and unicode. */
const RICH: FragmentIn[] = [
  {
    start: 0.013,
    end: 0.257,
    labels: [
      { layer: "Words", label: "The" },
      { layer: "Prompt", label: "Prompt" },
    ],
  },
  { start: 0.257, end: 0.501, labels: [{ layer: "Words", label: 'cät "quoted"', comment: "ünïcode & <markup>" }] },
  {
    start: 0.501,
    end: 0.777,
    labels: [
      { layer: "Words", label: "sits" },
      { layer: "Error", label: "Pronunciation", comment: "s → z" },
    ],
  },
  { start: 0.6, end: 0.95, labels: [{ layer: "Error", label: "Grammar" }] },
  {
    start: 0.777,
    end: 0.999,
    labels: [
      { layer: "Words", label: "on" },
      { layer: "OutOfPrompt", label: "Hesitation" },
    ],
  },
  { start: 0.1, end: 0.3, labels: [{ layer: "Noise", label: "Breath" }] },
  { start: 0.2, end: 0.4, labels: [{ layer: "Noise", label: "Background" }] },
];

async function pair(request: APIRequestContext, s: Setup) {
  const a = await assign(request, s);
  const source = await createAnnotation(request, s.full.token, {
    assignment: a.id,
    recording: s.refs[0],
    fragments: RICH,
  });
  const target = await createAnnotation(request, s.full.token, {
    assignment: a.id,
    recording: s.refs[1],
    fragments: words(["placeholder"]),
  });
  return { a, source, target };
}

/** Every label as [layer, start, end, label, comment], sorted: the content, whatever the fragment grouping. */
const content = (n: Annotation) =>
  n.fragments
    .flatMap((f) => f.labels.map((l) => [l.layer, f.start, f.end, l.label, l.comment] as const))
    .map((x) => JSON.stringify(x))
    .sort();

test.describe("annotation interchange", () => {
  test("export: TextGrid, EAF, WebVTT and JSON downloads with the annotation's ETag", async ({ request, world }) => {
    const s = await setup(request, world, 2);
    const { source } = await pair(request, s);
    const id = source.id!;
    const { body, etag } = await readAnnotation(request, s.full.token, id);

    const textgrid = await exportOf(request, s.base.token, id, "textgrid");
    expect(textgrid.status()).toBe(200);
    expect(textgrid.headers()["content-type"]).toContain("text/plain");
    expect(textgrid.headers()["content-disposition"]).toBe(`attachment; filename="annotation-${id}.TextGrid"`);
    expect(textgrid.headers().etag).toBe(etag);
    const tg = await textgrid.text();
    expect(tg.startsWith('File type = "ooTextFile"\nObject class = "TextGrid"\n')).toBe(true);
    expect(tg).toContain(`xmax = ${s.durationMs / 1000} `);
    for (const tier of [
      "Words",
      "Prompt",
      "OutOfPrompt",
      "Error",
      "Error (2)",
      "Noise",
      "Noise (2)",
      "Words comments",
      "Error comments",
    ])
      expect(tg).toContain(`name = "${tier}"`);
    expect(tg).toContain('text = "cät ""quoted""" ');
    expect(tg).toContain("xmin = 0.013 ");

    const eaf = await exportOf(request, s.base.token, id, "EAF");
    expect(eaf.status()).toBe(200);
    expect(eaf.headers()["content-type"]).toContain("application/xml");
    expect(eaf.headers()["content-disposition"]).toBe(`attachment; filename="annotation-${id}.eaf"`);
    const xml = await eaf.text();
    expect(xml).toContain("<ANNOTATION_DOCUMENT");
    expect(xml).toContain(`MEDIA_URL="${source.audioUrl}"`);
    expect(xml).toContain('TIME_VALUE="13"');
    expect(xml).toContain("ünïcode &amp; &lt;markup&gt;");

    const vtt = await exportOf(request, s.full.token, id, "vtt");
    expect(vtt.status()).toBe(200);
    expect(vtt.headers()["content-type"]).toContain("text/vtt");
    const cues = await vtt.text();
    expect(cues.startsWith("WEBVTT")).toBe(true);
    expect(cues).toContain("00:00:00.013 --> 00:00:00.257");
    expect(cues).toContain("Words: The");

    for (const format of ["json", undefined]) {
      const json = await exportOf(request, world.orgToken, id, format);
      expect(json.status()).toBe(200);
      expect(json.headers()["content-type"]).toContain("application/json");
      expect(json.headers()["content-disposition"]).toBe(`attachment; filename="annotation-${id}.json"`);
      expect(await json.json()).toEqual(body);
    }

    await expectFieldError(await exportOf(request, s.full.token, id, "mp3"), ANNOTATION, "format");
    const bystander = await member(request, world, "ANNOTATOR_FULL");
    await expectError(await exportOf(request, bystander.token, id, "textgrid"), 404);
    await expectError(await exportOf(request, s.full.token, 999_999_999, "textgrid"), 404);
    await expectError(await request.post(`/api/annotation/${id}/export`, { headers: authed(s.full.token) }), 405);
  });

  for (const format of ["textgrid", "eaf"] as const) {
    test(`${format} round trip: an exported file imported into another annotation gives the same fragments`, async ({
      request,
      world,
    }) => {
      const s = await setup(request, world, 2);
      const { source, target } = await pair(request, s);
      const file = await (await exportOf(request, s.full.token, source.id!, format)).body();
      const before = await readAnnotation(request, s.full.token, target.id!);
      const response = await importInto(
        request,
        s.full.token,
        target.id!,
        file,
        `export.${format === "eaf" ? "eaf" : "TextGrid"}`,
      );
      const imported = await expectJson<Annotation>(response, 200);
      expect(response.headers().etag).toMatch(/^"[^"]+"$/);
      expect(response.headers().etag).not.toBe(before.etag);
      expect(imported.version).toBe(before.body.version + 1);
      expect(imported.recording).toEqual(target.recording);
      // Lossless on Words (times to the millisecond, labels and comments), and on every other layer.
      expect(layerOf(imported.fragments, "Words")).toEqual(layerOf(source.fragments, "Words"));
      expect(layerOf(imported.fragments, "Words")).toHaveLength(4);
      expect(content(imported)).toEqual(content(source));
      // Exporting the copy gives the same file (the recordings are equally long); EAF differs only in its date and media URL.
      const again = await (await exportOf(request, s.full.token, target.id!, format)).text();
      const strip = (x: string) => x.replace(/DATE="[^"]*"/, "").replace(/MEDIA_URL="[^"]*"/, "");
      expect(strip(again)).toEqual(strip(file.toString("utf8")));
    });
  }

  test("import of a hand-written TextGrid in Praat's short format (CRLF, BOM) and long format", async ({
    request,
    world,
  }) => {
    const s = await setup(request, world, 2);
    const { target } = await pair(request, s);
    const short = [
      'File type = "ooTextFile"',
      'Object class = "TextGrid"',
      "",
      "0",
      "1",
      "<exists>",
      "2",
      '"IntervalTier"',
      '"Words"',
      "0",
      "1",
      "3",
      "0",
      "0.3",
      '"hello"',
      "0.3",
      "0.5",
      '""',
      "0.5",
      "1",
      '"world"',
      '"IntervalTier"',
      '"Noise"',
      "0",
      "1",
      "1",
      "0.25",
      "0.75",
      '"Background"',
    ].join("\r\n");
    const imported = await expectJson<Annotation>(
      await importInto(
        request,
        s.base.token,
        target.id!,
        Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(short)]),
        "hand.TextGrid",
      ),
      200,
    );
    expect(layerOf(imported.fragments, "Words")).toEqual([
      [0, 0.3, "hello", ""],
      [0.5, 1, "world", ""],
    ]);
    expect(layerOf(imported.fragments, "Noise")).toEqual([[0.25, 0.75, "Background", ""]]);

    const long = `File type = "ooTextFile"
Object class = "TextGrid"

xmin = 0
xmax = 0.8
tiers? <exists>
size = 1
item []:
    item [1]:
        class = "IntervalTier"
        name = "Words"
        xmin = 0
        xmax = 0.8
        intervals: size = 2
        intervals [1]:
            xmin = 0
            xmax = 0.4005
            text = "half"
        intervals [2]:
            xmin = 0.4005
            xmax = 0.8
            text = "up"
`;
    const fromLong = await expectJson<Annotation>(await importInto(request, s.base.token, target.id!, long), 200);
    // Times are rounded half up to whole milliseconds.
    expect(layerOf(fromLong.fragments, "Words")).toEqual([
      [0, 0.401, "half", ""],
      [0.401, 0.8, "up", ""],
    ]);
    // JSON clients may send the file base64-encoded.
    const viaJson = await request.post(`/api/annotation/${target.id}/import`, {
      data: { file: Buffer.from(short).toString("base64") },
      headers: authed(s.base.token),
    });
    expect(layerOf((await expectJson<Annotation>(viaJson, 200)).fragments, "Words")).toHaveLength(2);
  });

  test("unreadable or unacceptable files: 422 and nothing changed; the workflow and If-Match apply", async ({
    request,
    world,
  }) => {
    const s = await setup(request, world, 2);
    const { target } = await pair(request, s);
    const id = target.id!;
    const tg = (tiers: string) => `File type = "ooTextFile"\nObject class = "TextGrid"\n\n0\n1\n<exists>\n${tiers}`;
    const { wav } = await testAudio();
    const vtt = await (await exportOf(request, s.full.token, id, "vtt")).text();
    const unreadable: [string, Buffer | string][] = [
      ["empty file", ""],
      ["plain text", "hello world"],
      ["audio", wav],
      ["WebVTT", vtt],
      ["JSON", JSON.stringify(target)],
      ["truncated TextGrid", tg('1\n"IntervalTier"\n"Words"\n0\n1\n2\n0\n0.5\n"a"')],
      ["point tier", tg('1\n"TextTier"\n"Points"\n0\n1\n1\n0.5\n"p"')],
      ["overlapping intervals", tg('1\n"IntervalTier"\n"Words"\n0\n1\n2\n0\n0.6\n"a"\n0.5\n1\n"b"')],
      ["not a number", tg('1\n"IntervalTier"\n"Words"\n0\n1\n1\nzero\n0.5\n"a"')],
      ["negative time", tg('1\n"IntervalTier"\n"Words"\n0\n1\n1\n-0.5\n0.5\n"a"')],
      ["unclosed string", tg('1\n"IntervalTier"\n"Words\n0\n1\n1\n0\n0.5\n"a')],
      ["Praat Sound, not TextGrid", 'File type = "ooTextFile"\nObject class = "Sound 2"\n\n0\n1\n'],
      ["XML that is not EAF", '<?xml version="1.0"?><html><body/></html>'],
      ["EAF with a DOCTYPE", '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><ANNOTATION_DOCUMENT/>'],
      ["broken XML", '<?xml version="1.0"?><ANNOTATION_DOCUMENT><TIME_ORDER>'],
    ];
    const before = await readAnnotation(request, s.full.token, id);
    for (const [what, bytes] of unreadable) {
      await expectFieldError(await importInto(request, s.full.token, id, bytes), ANNOTATION, "file").catch((e) => {
        throw new Error(`${what}: ${e}`);
      });
    }
    // Readable, but against the rules: unknown layers or labels, past the end of the recording.
    const rules: [string, string][] = [
      ["unknown layer", tg('1\n"IntervalTier"\n"Feelings"\n0\n1\n1\n0\n0.5\n"happy"')],
      ["unknown label", tg('1\n"IntervalTier"\n"Noise"\n0\n1\n1\n0\n0.5\n"Thunder"')],
      [
        "past the end",
        `File type = "ooTextFile"\nObject class = "TextGrid"\n\n0\n100\n<exists>\n1\n"IntervalTier"\n"Words"\n0\n100\n1\n99\n100\n"late"`,
      ],
    ];
    for (const [what, text] of rules) {
      await expectFieldError(await importInto(request, s.full.token, id, text), ANNOTATION, "fragments").catch((e) => {
        throw new Error(`${what}: ${e}`);
      });
    }
    // No file, or the file as a text field.
    await expectFieldError(
      await request.post(`/api/annotation/${id}/import`, { multipart: { other: "x" }, headers: authed(s.full.token) }),
      ANNOTATION,
      "file",
      "missing_field",
    );
    await expectFieldError(
      await request.post(`/api/annotation/${id}/import`, {
        multipart: { file: "not a file" },
        headers: authed(s.full.token),
      }),
      ANNOTATION,
      "file",
    );
    await expectFieldError(
      await request.post(`/api/annotation/${id}/import`, {
        data: { file: "%%% not base64 %%%" },
        headers: authed(s.full.token),
      }),
      ANNOTATION,
      "file",
    );
    expect(await readAnnotation(request, s.full.token, id)).toEqual(before);

    const good = tg('1\n"IntervalTier"\n"Words"\n0\n1\n1\n0\n0.5\n"fine"');
    // Stale If-Match: 409 with the current state; the right one saves.
    const stale = await importInto(request, s.full.token, id, good, "x.TextGrid", '"annotation-0-v0"');
    expect(((await expectError(stale, 409)) as unknown as { current: Annotation }).current).toEqual(before.body);
    expect(await readAnnotation(request, s.full.token, id)).toEqual(before);
    await expectJson(await importInto(request, s.full.token, id, good, "x.TextGrid", before.etag), 200);
    // Base annotators import within their subset only, and not after doneFull.
    const errorTier = tg('1\n"IntervalTier"\n"Error"\n0\n1\n1\n0.6\n0.7\n"Grammar"');
    const now = await readAnnotation(request, s.full.token, id);
    await expectFieldError(await importInto(request, s.base.token, id, errorTier), ANNOTATION, "fragments");
    expect(await readAnnotation(request, s.full.token, id)).toEqual(now);
    await expectJson(await putAnnotation(request, s.base.token, id, { doneBase: true }), 200);
    await expectJson(await putAnnotation(request, s.full.token, id, { doneFull: true }), 200);
    const done = await readAnnotation(request, s.full.token, id);
    await expectError(await importInto(request, s.base.token, id, good), 409);
    expect(await readAnnotation(request, s.full.token, id)).toEqual(done);
  });
});
