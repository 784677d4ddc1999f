import { z } from "zod";
import type { ResponseDoc, RouteDoc } from "@/lib/api/doc";
import type { RouteRule } from "@/lib/api/with-api";
import { HEADER_REFS } from "./components";
import { CONTRACT_OPERATIONS } from "./contract";
import type { Json, Schemas } from "./json-schemas";

// One operation's parts, from what its route declares to withApi: id, parameters, request body,
// responses (declared and the error statuses its rule implies) and security.

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export function operationId(method: string, path: string): string {
  const words = path
    .split("/")
    .filter(Boolean)
    .map((s) => s.replace(/[{}.]/g, "").replace(/(^|[-_])(\w)/g, (_m, _s, c: string) => c.toUpperCase()));
  return method.toLowerCase() + words.map((w) => w[0].toUpperCase() + w.slice(1)).join("");
}

export function errorStatuses(method: Method, rule: RouteRule, doc: RouteDoc, path: string): number[] {
  const out = new Set([400, 404, 422, 500]);
  if (rule.auth !== "public") out.add(401);
  if (rule.auth !== "public" && rule.auth !== "optional") out.add(403);
  if (method !== "GET") out.add(409);
  if (method === "DELETE") out.add(410);
  if (doc.body || doc.files) [413, 415].forEach((s) => out.add(s));
  // Uploaded audio is analysed in the worker pool, whose queue is bounded.
  if (doc.files?.length) out.add(503);
  if (path === "/tokens") [401, 429].forEach((s) => out.add(s));
  if (rule.auth === "authenticated" || rule.policy === "role" || rule.policy === "operator") out.add(403);
  return [...out].sort();
}

export function responseObject(schemas: Schemas, status: number, decl: z.ZodType | ResponseDoc | null): Json {
  if (decl === null) return { description: status === 204 ? "No content" : "No body" };
  const d: ResponseDoc = decl instanceof z.ZodType ? { body: decl } : decl;
  const out: Json = { description: d.description ?? (status === 201 ? "Created" : status === 202 ? "Accepted" : "OK") };
  if (d.headers?.length) out.headers = Object.fromEntries(d.headers.map((h) => [h, { $ref: HEADER_REFS[h] }]));
  if (d.body === "binary")
    out.content = {
      [d.contentType ?? "application/octet-stream"]: {
        schema: { type: "string", contentMediaType: d.contentType ?? "application/octet-stream" },
      },
    };
  else if (d.body && d.body !== "empty") {
    const list = Array.isArray(d.body) ? d.body : [d.body];
    const converted = list.map((s) => schemas.convert(s, "output"));
    out.content = {
      [d.contentType ?? "application/json"]: { schema: converted.length === 1 ? converted[0] : { anyOf: converted } },
    };
  }
  for (const type of d.alsoText ?? [])
    out.content = {
      ...(out.content as Json | undefined),
      [type]: { schema: { type: "string", contentMediaType: type } },
    };
  return out;
}

export function queryParameters(schemas: Schemas, query: z.ZodType): Json[] {
  const json = schemas.convert(query, "input");
  const props = (json.properties ?? {}) as Record<string, Json>;
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(props).map(([name, schema]) => ({
    name,
    in: "query",
    required: required.has(name),
    schema,
    ...(schema.type === "array" ||
    (Array.isArray(schema.anyOf) && (schema.anyOf as Json[]).some((s) => s.type === "array"))
      ? { style: "form", explode: true, description: "Repeat the parameter for several values" }
      : {}),
  }));
}

export function requestBody(schemas: Schemas, doc: RouteDoc): Json | undefined {
  if (!doc.body && !doc.files?.length) return undefined;
  const base = doc.body ? schemas.convert(doc.body, "input") : { type: "object", properties: {} };
  const files = doc.files ?? [];
  const content: Json = {};
  if (files.length) {
    const multipart = structuredClone(base) as Json;
    const jsonVariant = structuredClone(base) as Json;
    const mp = (multipart.properties ??= {}) as Record<string, Json>;
    const jp = (jsonVariant.properties ??= {}) as Record<string, Json>;
    for (const f of files) {
      const binary = { type: "string", contentMediaType: "application/octet-stream" };
      mp[f] = {
        anyOf: [binary, { type: "array", items: binary }],
        description: "A file part; repeat the part for several files (matched by index)",
      };
      const b64 = { type: "string", contentEncoding: "base64" };
      jp[f] = { anyOf: [b64, { type: "array", items: b64 }], description: "base64 or a data: URL" };
    }
    content["multipart/form-data"] = { schema: multipart };
    content["application/json"] = { schema: jsonVariant };
  } else {
    content["application/json"] = { schema: base };
    content["application/x-www-form-urlencoded"] = { schema: base };
    content["multipart/form-data"] = { schema: base };
  }
  return {
    required: true,
    content,
    description: files.length
      ? "Repeated fields and file parts are lists in the order given"
      : "Repeated form fields are lists in the order given",
  };
}

export function security(rule: RouteRule): Json[] {
  if (rule.auth === "public") return [];
  const authed = [{ bearerAuth: [] }, { accessToken: [] }];
  return rule.auth === "optional" ? [{}, ...authed] : authed;
}

/** The OpenAPI operation of one route method, from its withApi declaration. */
export function buildOperation(schemas: Schemas, path: string, method: Method, rule: RouteRule, doc: RouteDoc): Json {
  const key = `${method} ${path}`;
  const params: Json[] = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => ({
    name: m[1],
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  if (doc.query) params.push(...queryParameters(schemas, doc.query));
  if (doc.ifMatch) params.push({ $ref: "#/components/parameters/IfMatch" });
  const responses: Json = {};
  for (const [status, decl] of Object.entries(doc.responses ?? {}))
    responses[status] = responseObject(schemas, Number(status), decl);
  if (doc.ifMatch && !responses[409]) {
    responses[409] = {
      description: "Stale If-Match: the body is the error plus the current state, with its ETag",
      headers: { ETag: { $ref: HEADER_REFS.ETag } },
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
    };
  }
  for (const status of errorStatuses(method, rule, doc, path)) {
    if (responses[status]) continue;
    responses[status] = {
      $ref:
        path === "/tokens" && (status === 400 || status === 401)
          ? `#/components/responses/OAuthError${status}`
          : `#/components/responses/Error${status}`,
    };
  }
  const extension = doc.extension ?? !CONTRACT_OPERATIONS.has(key);
  const body = requestBody(schemas, doc);
  return {
    operationId: operationId(method, path),
    tags: [path.split("/")[1] || "api"],
    ...(doc.summary ? { summary: doc.summary } : {}),
    description: `Authorization: ${rule.auth === "public" ? "none" : rule.auth === "optional" ? "optional" : rule.auth === "authenticated" ? "any signed-in caller" : `permission \`${rule.auth}\``}${rule.in ? "; the caller must act in an organisation" : ""}; policy \`${rule.policy}\`.`,
    "x-extension": extension,
    "x-permission": rule.auth,
    security: security(rule),
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses,
  };
}
