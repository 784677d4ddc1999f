// Contract validation of every API response the tests receive (through the `request` fixture
// of e2e/support/fixtures.ts): the status is documented in GET /api/openapi.json for that path
// and method, a JSON body matches the documented schema, and `Location`, `Link` and `ETag`
// appear only where the document declares them. A mismatch fails the test that made the call.

import type { APIRequestContext, APIResponse } from "@playwright/test";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

type Json = Record<string, unknown>;
type Doc = { paths: Record<string, Record<string, Json>>; components: Json };
type Validator = {
  doc: Doc;
  ajv: InstanceType<typeof Ajv2020>;
  matchers: { template: string; re: RegExp; score: number }[];
};

const validators = new Map<string, Promise<Validator>>();
const CHECKED_HEADERS = ["Location", "Link", "ETag"] as const;
const METHODS = new Set(["get", "post", "put", "patch", "delete"]);

async function load(origin: string, fetchDoc: () => Promise<APIResponse>): Promise<Validator> {
  const response = await fetchDoc();
  if (response.status() !== 200) throw new Error(`GET ${origin}/api/openapi.json answered ${response.status()}`);
  const doc = (await response.json()) as Doc;
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema(doc as never, "openapi");
  const matchers = Object.keys(doc.paths).map((template) => {
    const parts = template.split("/").filter(Boolean);
    const re = new RegExp(
      "^" +
        parts.map((p) => (p.startsWith("{") ? "/[^/]+" : `/${p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`)).join("") +
        "/?$",
    );
    return { template, re, score: parts.reduce((n, p) => n + (p.startsWith("{") ? 1 : 2), 0) };
  });
  matchers.sort((a, b) => b.score - a.score);
  return { doc, ajv, matchers };
}

const pointer = (...parts: string[]) =>
  `openapi#/${parts.map((p) => p.replace(/~/g, "~0").replace(/\//g, "~1")).join("/")}`;

function resolve(doc: Doc, value: Json): Json {
  const ref = value.$ref;
  if (typeof ref !== "string") return value;
  const path = ref.replace(/^#\//, "").split("/");
  let node: unknown = doc;
  for (const p of path) node = (node as Json)[p];
  return node as Json;
}

/** Problems with one response, or [] when it matches the document. */
export async function checkResponse(v: Validator, method: string, response: APIResponse): Promise<string[]> {
  const url = new URL(response.url());
  if (!url.pathname.startsWith("/api/") || url.pathname === "/api/openapi.json") return [];
  const m = method.toLowerCase();
  if (!METHODS.has(m)) return [];
  const status = response.status();
  const rest = url.pathname.slice(4);
  const where = `${method.toUpperCase()} ${url.pathname} → ${status}`;
  const match = v.matchers.find((x) => x.re.test(rest));
  const headers = response.headers();
  const contentType = headers["content-type"] ?? "";
  const errorBody = async (expected: number[]) => {
    if (!expected.includes(status))
      return [
        `${where}: ${match ? "method not in the document" : "path not in the document"}, expected ${expected.join("/")}`,
      ];
    return validateJson(v, where, pointer("components", "schemas", "Error"), response, contentType);
  };
  // Paths and methods the document does not list answer the JSON 404 / 405 (400: a malformed path,
  // refused by the HTTP server before routing).
  if (!match) return errorBody([400, 404]);
  const item = v.doc.paths[match.template];
  const operation = item[m];
  if (!operation) return errorBody([400, 405]);
  const responses = operation.responses as Record<string, Json>;
  const declared = responses[String(status)] ?? responses.default;
  if (!declared)
    return [
      `${where}: status ${status} is not documented for ${method.toUpperCase()} ${match.template} (documented: ${Object.keys(responses).join(", ")})`,
    ];
  const resolved = resolve(v.doc, declared);
  const problems: string[] = [];
  const declaredHeaders = Object.keys((resolved.headers as Json | undefined) ?? {}).map((h) => h.toLowerCase());
  for (const h of CHECKED_HEADERS) {
    if (headers[h.toLowerCase()] !== undefined && !declaredHeaders.includes(h.toLowerCase()))
      problems.push(`${where}: header ${h} is sent but not documented`);
  }
  if (headers.link !== undefined && !/^<[^>]+>;\s*rel="next"$/.test(headers.link))
    problems.push(`${where}: Link header ${headers.link} is not <url>; rel="next"`);
  const content = resolved.content as Record<string, Json> | undefined;
  if (contentType.includes("json") && content?.["application/json"]) {
    const base =
      typeof declared.$ref === "string"
        ? (declared.$ref as string).replace(/^#\//, "").split("/")
        : ["paths", match.template, m, "responses", String(status)];
    problems.push(
      ...(await validateJson(
        v,
        where,
        pointer(...base, "content", "application/json", "schema"),
        response,
        contentType,
      )),
    );
  } else if (contentType.includes("json") && !content && status !== 204 && status !== 304) {
    problems.push(`${where}: a JSON body is sent but none is documented`);
  }
  return problems;
}

async function validateJson(
  v: Validator,
  where: string,
  schemaRef: string,
  response: APIResponse,
  contentType: string,
): Promise<string[]> {
  if (!contentType.includes("json")) return [`${where}: expected a JSON body, got ${contentType || "no content type"}`];
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return [`${where}: the body is not JSON`];
  }
  const validate = v.ajv.getSchema(schemaRef);
  if (!validate) return [`${where}: no schema at ${schemaRef}`];
  if (validate(body)) return [];
  return [`${where}: body does not match the document: ${v.ajv.errorsText(validate.errors, { separator: "; " })}`];
}

const WRAPPED = ["get", "post", "put", "patch", "delete", "head", "fetch"] as const;

/** The same request context, with every API response checked against the served document. */
export function validatingContext(context: APIRequestContext, baseURL: string): APIRequestContext {
  const origin = new URL(baseURL).origin;
  const validator = () => {
    let v = validators.get(origin);
    if (!v) {
      v = load(origin, () => context.get(`${origin}/api/openapi.json`));
      validators.set(origin, v);
    }
    return v;
  };
  return new Proxy(context, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== "function") return value;
      if (typeof prop !== "string" || !(WRAPPED as readonly string[]).includes(prop)) return value.bind(target);
      return async (urlOrRequest: unknown, options?: { method?: string }) => {
        const response: APIResponse = await value.call(target, urlOrRequest, options);
        const method =
          prop === "fetch"
            ? (options?.method ??
              (typeof urlOrRequest === "object" && urlOrRequest && "method" in urlOrRequest
                ? String((urlOrRequest as { method(): string }).method())
                : "GET"))
            : prop;
        const problems = await checkResponse(await validator(), method, response);
        if (problems.length)
          throw new Error(`Contract violation (e2e/support/contract.ts):\n- ${problems.join("\n- ")}`);
        return response;
      };
    },
  });
}
