import { z } from "zod";
import type { DocHeader, ResponseDoc, RouteDoc } from "@/lib/api/doc";
import type { RouteRule } from "@/lib/api/with-api";
import { CONTRACT_OPERATIONS } from "./contract";
import { ROUTE_MODULES, type RouteEntry } from "./route-modules";

// The OpenAPI 3.1 document, built from what every route declares to withApi: its auth, the
// zod schemas that validate its query and body, and the zod schemas that serialise its
// responses (`responses`). Nothing here is written by hand per route, so it cannot drift.

export const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type Method = (typeof METHODS)[number];

type Handler = ((...args: never[]) => unknown) & { rule?: RouteRule; doc?: RouteDoc };
type Json = Record<string, unknown>;

/** A handler that documents nothing: otherMethods' 405s and the catch-all 404 (resource "Route"). */
export function isPlumbing(handler: Handler): boolean {
  return handler.rule?.policy === "public" && handler.doc?.resource === "Route";
}

export type Operation = { path: string; method: Method; file: string; handler: Handler };

/** Every (path, method) a route file exports, documented or plumbing. */
export async function routeOperations(routes: RouteEntry[] = ROUTE_MODULES): Promise<Operation[]> {
  const out: Operation[] = [];
  for (const route of routes) {
    const mod = await route.load();
    for (const method of METHODS) {
      const handler = mod[method] as Handler | undefined;
      if (typeof handler === "function") out.push({ path: route.path, method, file: route.file, handler });
    }
  }
  return out;
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "Malformed request (bad JSON, wrong shape, bad cursor)",
  401: "Missing, malformed, expired or revoked token (`WWW-Authenticate: Bearer`)",
  403: "The caller lacks the permission, or does not act in an organisation",
  404: "Not found (also when it belongs to another tenant)",
  409: "Conflict: the id is taken, the state does not allow it, or If-Match is stale",
  410: "Already deleted",
  413: "The body or a file is over the size limit",
  415: "Unsupported request content type",
  422: "Invalid or missing fields (`errors` names them)",
  429: "Too many failed sign-ins (`Retry-After`)",
  500: "An internal error (with a `requestId` that is in the server log)",
  503: "Every audio worker is busy and the queue is full; retry after `Retry-After` seconds",
};

const fieldError = z.object({
  resource: z.string(),
  field: z.string(),
  code: z.enum(["missing", "missing_field", "invalid", "already_exists"]),
  message: z.string().optional(),
});
/** Every error body: `message`, `errors` for field failures, more fields for some statuses (409's current state, 500's requestId). */
export const errorBodySchema = z.looseObject({
  message: z.string(),
  errors: z.array(fieldError).optional(),
  requestId: z.string().optional(),
});
/** The token endpoint's failures (RFC 6749 plus `message`). */
export const oauthErrorSchema = z.object({
  error: z.enum([
    "invalid_request",
    "invalid_client",
    "invalid_grant",
    "unauthorized_client",
    "unsupported_grant_type",
    "invalid_scope",
  ]),
  error_description: z.string(),
  message: z.string(),
});

class Schemas {
  components: Record<string, Json> = {};
  private counter = 0;

  convert(schema: z.ZodType, io: "input" | "output"): Json {
    const json = z.toJSONSchema(schema, {
      target: "draft-2020-12",
      io,
      unrepresentable: "any",
      cycles: "ref",
      reused: "inline",
      override: (ctx) => {
        const def = (
          ctx.zodSchema as unknown as { _zod: { def: { type: string; in?: { _zod: { def: { type: string } } } } } }
        )._zod.def;
        // Timestamps are Dates serialised as ISO strings.
        if (def.type === "pipe" && def.in?._zod.def.type === "date" && io === "output")
          Object.assign(ctx.jsonSchema, { type: "string", format: "date-time" });
        if (def.type === "date") Object.assign(ctx.jsonSchema, { type: "string", format: "date-time" });
      },
    }) as Json;
    delete json.$schema;
    const defs = json.$defs as Record<string, Json> | undefined;
    if (!defs) return json;
    delete json.$defs;
    // Recursive schemas: their definitions move to components, their refs follow.
    const prefix = `S${++this.counter}`;
    const rename = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(rename);
      if (value && typeof value === "object") {
        const out: Json = {};
        for (const [k, v] of Object.entries(value)) {
          out[k] =
            k === "$ref" && typeof v === "string"
              ? v.replace(/^#(\/\$defs\/|$)/, (_m, rest) =>
                  rest ? `#/components/schemas/${prefix}_` : `#/components/schemas/${prefix}`,
                )
              : rename(v);
        }
        return out;
      }
      return value;
    };
    for (const [name, def] of Object.entries(defs)) this.components[`${prefix}_${name}`] = rename(def) as Json;
    const root = rename(json) as Json;
    if (JSON.stringify(root).includes(`"#/components/schemas/${prefix}"`)) {
      this.components[prefix] = root;
      return { $ref: `#/components/schemas/${prefix}` };
    }
    return root;
  }
}

const HEADER_REFS: Record<DocHeader, string> = {
  Location: "#/components/headers/Location",
  Link: "#/components/headers/Link",
  ETag: "#/components/headers/ETag",
  "Content-Range": "#/components/headers/ContentRange",
  "Content-Disposition": "#/components/headers/ContentDisposition",
  "Retry-After": "#/components/headers/RetryAfter",
};

function operationId(method: string, path: string): string {
  const words = path
    .split("/")
    .filter(Boolean)
    .map((s) => s.replace(/[{}.]/g, "").replace(/(^|[-_])(\w)/g, (_m, _s, c: string) => c.toUpperCase()));
  return method.toLowerCase() + words.map((w) => w[0].toUpperCase() + w.slice(1)).join("");
}

function errorStatuses(method: Method, rule: RouteRule, doc: RouteDoc, path: string): number[] {
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

function responseObject(schemas: Schemas, status: number, decl: z.ZodType | ResponseDoc | null): Json {
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

function queryParameters(schemas: Schemas, query: z.ZodType): Json[] {
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

function requestBody(schemas: Schemas, doc: RouteDoc): Json | undefined {
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

function security(rule: RouteRule): Json[] {
  if (rule.auth === "public") return [];
  const authed = [{ bearerAuth: [] }, { accessToken: [] }];
  return rule.auth === "optional" ? [{}, ...authed] : authed;
}

/** The OpenAPI 3.1 document of the API served under `serverUrl` (its base, e.g. http://host/api). */
export async function buildDocument(serverUrl: string, extra: ExtraOperation[] = []): Promise<Json> {
  const schemas = new Schemas();
  const paths: Record<string, Json> = {};
  for (const { path, method, handler } of await routeOperations()) {
    if (isPlumbing(handler) || !handler.rule || !handler.doc) continue;
    const { rule, doc } = handler;
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
    ((paths[path] ??= {}) as Json)[method.toLowerCase()] = {
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
  for (const op of extra) ((paths[op.path] ??= {}) as Json)[op.method] = op.operation;
  const errorResponses: Record<string, Json> = Object.fromEntries(
    Object.entries(ERROR_DESCRIPTIONS).map(([status, description]) => [
      `Error${status}`,
      {
        description,
        ...(status === "401"
          ? { headers: { "WWW-Authenticate": { schema: { type: "string" }, description: "Bearer challenge" } } }
          : {}),
        ...(status === "429" || status === "503"
          ? { headers: { "Retry-After": { $ref: HEADER_REFS["Retry-After"] } } }
          : {}),
        content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
      },
    ]),
  );
  for (const s of [400, 401]) {
    errorResponses[`OAuthError${s}`] = {
      description:
        s === 400
          ? "RFC 6749 error: invalid_request, invalid_grant, unsupported_grant_type, invalid_scope"
          : "RFC 6749 invalid_client",
      content: {
        "application/json": {
          schema: { anyOf: [{ $ref: "#/components/schemas/OAuthError" }, { $ref: "#/components/schemas/Error" }] },
        },
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Speech training platform API",
      version: "1.0.0",
      description:
        "The open speech-training service. Operations and fields the contract (service-interface.md) defines are unmarked; " +
        "what this service adds is marked `x-extension: true`. Lists are paginated with `perPage` and `startCursor`; the next page is in the `Link` header. " +
        "Recognition (choice recognition, pronunciation analysis, reading feedback, speech recording as the student speaks) is served by the " +
        "recognition server: WAMP v2 over a websocket at `x-recognition-server.url` (subprotocol `wamp.2.json`, realm `default`, " +
        "ticket authentication with an access token from POST /tokens), as the `@itslanguage/api` SDK speaks it.",
    },
    "x-recognition-server": {
      url: `${serverUrl.replace(/^http/, "ws").replace(/\/api$/, "")}/ws`,
      protocol: "wamp.2.json",
      realm: "default",
      authentication: "ticket (an access token)",
      procedures: "nl.itslanguage.{choice,pronunciation,feedback,recording}.*",
    },
    servers: [{ url: serverUrl }],
    security: [{ bearerAuth: [] }, { accessToken: [] }],
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", description: "An access token from POST /tokens" },
        accessToken: {
          type: "apiKey",
          in: "query",
          name: "access_token",
          description: "The same token as a query parameter (download URLs)",
          "x-extension": true,
        },
      },
      schemas: {
        Error: schemas.convert(errorBodySchema, "output"),
        OAuthError: schemas.convert(oauthErrorSchema, "output"),
        ...schemas.components,
      },
      responses: errorResponses,
      parameters: {
        IfMatch: {
          name: "If-Match",
          in: "header",
          required: false,
          schema: { type: "string" },
          description: "The ETag of the version the change is based on; a stale one is refused with 409",
          "x-extension": true,
        },
      },
      headers: {
        Location: { description: "URL of the created or updated resource", schema: { type: "string", format: "uri" } },
        Link: {
          description: 'RFC 8288: `<...startCursor=...>; rel="next"` when there is a next page',
          schema: { type: "string" },
          "x-extension": true,
        },
        ETag: {
          description: "Version of the representation (use with If-Match / If-None-Match)",
          schema: { type: "string" },
          "x-extension": true,
        },
        ContentRange: { description: "The byte range served", schema: { type: "string" }, "x-extension": true },
        ContentDisposition: {
          description: "attachment; filename=...",
          schema: { type: "string" },
          "x-extension": true,
        },
        RetryAfter: { description: "Seconds to wait", schema: { type: "integer" } },
      },
    },
  };
}

/** Operations outside withApi (none today); kept for routes that answer in other formats. */
export type ExtraOperation = { path: string; method: string; operation: Json };
