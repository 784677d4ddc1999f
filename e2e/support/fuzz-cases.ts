// The fuzz test's requests for one target, from its declared body schema and file fields:
// a plausible body, then that body with one field made hostile at a time, malformed and
// hostile JSON texts, wrong and odd content types, and multipart bodies that are plausible,
// hostile or broken (bad or missing boundary, truncated, parts under wrong names, too many parts).
import type { RouteDeclaration } from "../../lib/api/route-registry";
import {
  deepList,
  deepObject,
  type Field,
  fieldsOf,
  hostileValues,
  partText,
  plausible,
  type Rng,
  toJson,
  unwrap,
} from "./fuzz-values";

export type Case = { label: string; headers: Record<string, string>; data?: string | Buffer };

/** How many cases of each kind a target with a body gets (the plausible body always comes first). */
const PER_FIELD = 3;
const JSON_TEXTS = 10;
const CONTENT_TYPES = 4;
const MULTIPART = 6;

const json = (label: string, data: string | Buffer, type = "application/json"): Case => ({
  label,
  headers: { "Content-Type": type },
  data,
});

/** A method that reads no body still gets a few bodies: none of them may matter to it, or hurt it. */
export const noBodyCases = (): Case[] => [
  json("an empty object", "{}"),
  json("JSON 5,000 deep", deepList(5000).raw),
  {
    label: "a truncated multipart body",
    headers: { "Content-Type": "multipart/form-data; boundary=fz" },
    data: "--fz\r\nContent-Disposition: form-data; name=",
  },
];

export function bodyCases(declaration: RouteDeclaration, r: Rng): Case[] {
  const fields = fieldsOf(declaration.body);
  const base = (declaration.body ? plausible(declaration.body, r) : {}) as Record<string, unknown>;
  const cases: Case[] = [json("a plausible body", toJson(base))];
  for (const field of fields) {
    for (const [label, value] of r.sample(hostileValues(itemOf(field, r)), PER_FIELD)) {
      cases.push(json(`${field.name}: ${label}`, toJson({ ...base, [field.name]: value })));
    }
  }
  cases.push(...r.sample(jsonTexts(base), JSON_TEXTS), ...r.sample(contentTypes(base), CONTENT_TYPES));
  const multipart = multipartCases(declaration, base, fields, r);
  cases.push(multipart[0], ...r.sample(multipart.slice(1), MULTIPART - 1));
  return cases;
}

/** A plausible value of the field, or of one item when it is a list. */
function itemOf(field: Field, r: Rng): unknown {
  const def = unwrap(field.schema);
  return def.type === "array" ? plausible(def.element, r, field.name) : plausible(field.schema, r, field.name);
}

function jsonTexts(base: Record<string, unknown>): Case[] {
  const text = toJson(base);
  return [
    ...["", " ", "null", "[]", '"a string"', "42", "{", '{"a":', `[${text}]`].map((t) =>
      json(`the JSON text ${JSON.stringify(t).slice(0, 30)}`, t),
    ),
    json(
      "bytes that are not UTF-8",
      Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('"}')]),
    ),
    json("a byte order mark", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)])),
    json("lists 5,000 deep", deepList(5000).raw),
    json("objects 5,000 deep", deepObject(5000).raw),
    json("objects 400 deep (the limit)", deepObject(399).raw),
    json("objects 401 deep", deepObject(400).raw),
    json("100,000 opening brackets", "[".repeat(100_000)),
    json(
      "10,000 keys",
      toJson({ ...base, ...Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, i])) }),
    ),
    json("a repeated key", `{${text.slice(1, -1)}${text.length > 2 ? "," : ""}"id":"a","id":{"b":1}}`),
    json("1.5 MiB", toJson({ ...base, padding: "x".repeat(1.5 * 1024 * 1024) })),
  ];
}

function formText(base: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(base))
    for (const item of Array.isArray(v) ? v : [v]) params.append(k, partText(item));
  return params.toString();
}

function contentTypes(base: Record<string, unknown>): Case[] {
  const text = toJson(base);
  return [
    json("text/plain", text, "text/plain"),
    json("application/xml", "<a><b/></a>", "application/xml"),
    json("JSON in UTF-16", Buffer.from(text, "utf16le"), "application/json; charset=utf-16"),
    json("a form", formText(base), "application/x-www-form-urlencoded"),
    json(
      "a form with odd escapes",
      `${formText(base)}&a=%zz&b=%ff&%00=1&c=%ED%A0%80&d`,
      "application/x-www-form-urlencoded",
    ),
    json("multipart/mixed", "--x\r\n\r\n--x--", "multipart/mixed; boundary=x"),
    json("a form sent as JSON", formText(base) || "a=1", "application/json"),
    json("JSON sent as a form", text, "application/x-www-form-urlencoded"),
    json("a +json type", text, "application/merge-patch+json"),
    json("an empty content type", text, ""),
  ];
}

type Part = { name: string; value: string | Buffer; filename?: string; type?: string; disposition?: string };

function encode(parts: Part[], boundary: string, eol = "\r\n"): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.disposition ??
      `form-data; name="${part.name}"${part.filename === undefined ? "" : `; filename="${part.filename}"`}`;
    const head = [
      `--${boundary}`,
      ...(disposition ? [`Content-Disposition: ${disposition}`] : []),
      ...(part.type ? [`Content-Type: ${part.type}`] : []),
    ];
    chunks.push(Buffer.from(head.join(eol) + eol + eol), Buffer.from(part.value), Buffer.from(eol));
  }
  chunks.push(Buffer.from(`--${boundary}--${eol}`));
  return Buffer.concat(chunks);
}

function multipartCases(declaration: RouteDeclaration, base: Record<string, unknown>, fields: Field[], r: Rng): Case[] {
  const boundary = `fz-${Math.floor(r.next() * 1e12).toString(36)}`;
  const type = `multipart/form-data; boundary=${boundary}`;
  const junk = Buffer.from(Array.from({ length: 1024 }, () => r.int(256)));
  const files = (declaration.files ?? []).map(
    (name): Part => ({ name, value: junk, filename: "fuzz.bin", type: "application/octet-stream" }),
  );
  const text = Object.entries(base).flatMap(([name, v]) =>
    (Array.isArray(v) ? v : [v]).map((item): Part => ({ name, value: partText(item) })),
  );
  const plain = [...text, ...files];
  const body = encode(plain, boundary);
  const part = (label: string, parts: Part[], eol?: string): Case => ({
    label,
    headers: { "Content-Type": type },
    data: encode(parts, boundary, eol),
  });
  const field = fields.length ? r.pick(fields) : { name: "name", schema: undefined, required: false };
  const [hostileLabel, hostile] = r.pick(hostileValues("x"));
  const firstFile = declaration.files?.[0] ?? "file";
  return [
    part("a plausible multipart body", plain),
    part(`a ${field.name} part: ${hostileLabel}`, [
      ...plain.filter((p) => p.name !== field.name),
      { name: field.name, value: partText(hostile) },
    ]),
    part("a file part in a text field", [
      ...files,
      ...text.map((p) => ({ ...p, filename: "text.json", type: "application/json" })),
    ]),
    part("a text part in a file field", [...text, { name: firstFile, value: "not a file" }]),
    part("parts under unknown names", [
      ...plain,
      { name: "zzz", value: "1" },
      { name: "", value: "2" },
      { name: "__proto__", value: '{"polluted":true}' },
    ]),
    part("a file name with a NUL", [
      ...text,
      { name: firstFile, value: junk, disposition: `form-data; name="${firstFile}"; filename*=utf-8''a%00b.bin` },
    ]),
    part("a part without Content-Disposition", [...plain, { name: "x", value: "y", disposition: "" }]),
    part("LF line endings", plain, "\n"),
    part("a 100 KB part header", [...plain, { name: "x".repeat(100_000), value: "y" }]),
    part("10,001 text parts", [
      ...plain,
      ...Array.from({ length: 10_001 }, (_, i) => ({ name: `p${i % 7}`, value: String(i) })),
    ]),
    part("101 file parts", [
      ...text,
      ...Array.from({ length: 101 }, () => ({ name: firstFile, value: "x", filename: "f.bin" })),
    ]),
    { label: "a boundary other than the declared one", headers: { "Content-Type": `${type}x` }, data: body },
    {
      label: "a truncated multipart body",
      headers: { "Content-Type": type },
      data: body.subarray(0, Math.floor(body.length / 2)),
    },
    {
      label: "no closing boundary",
      headers: { "Content-Type": type },
      data: body.subarray(0, body.length - boundary.length - 6),
    },
    { label: "no boundary parameter", headers: { "Content-Type": "multipart/form-data" }, data: body },
    { label: "an empty boundary", headers: { "Content-Type": "multipart/form-data; boundary=" }, data: body },
  ];
}
