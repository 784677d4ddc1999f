import type { RouteDoc } from "@/lib/api/doc";
import type { RouteRule } from "@/lib/api/with-api";
import { errorBodySchema, errorResponses, oauthErrorSchema, SHARED_COMPONENTS } from "./components";
import { type Json, Schemas } from "./json-schemas";
import { buildOperation, type Method } from "./operation-parts";
import { ROUTE_MODULES, type RouteEntry } from "./route-modules";

// The OpenAPI 3.1 document, built from what every route declares to withApi: its auth, the
// zod schemas that validate its query and body, and the zod schemas that serialise its
// responses (`responses`). Nothing here is written by hand per route, so it cannot drift.

export const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const satisfies readonly Method[];

type Handler = ((...args: never[]) => unknown) & { rule?: RouteRule; doc?: RouteDoc };

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

/** The OpenAPI 3.1 document of the API served under `serverUrl` (its base, e.g. http://host/api). */
export async function buildDocument(serverUrl: string, extra: ExtraOperation[] = []): Promise<Json> {
  const schemas = new Schemas();
  const paths: Record<string, Json> = {};
  for (const { path, method, handler } of await routeOperations()) {
    if (isPlumbing(handler) || !handler.rule || !handler.doc) continue;
    ((paths[path] ??= {}) as Json)[method.toLowerCase()] = buildOperation(
      schemas,
      path,
      method,
      handler.rule,
      handler.doc,
    );
  }
  for (const op of extra) ((paths[op.path] ??= {}) as Json)[op.method] = op.operation;
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
      schemas: {
        Error: schemas.convert(errorBodySchema, "output"),
        OAuthError: schemas.convert(oauthErrorSchema, "output"),
        ...schemas.components,
      },
      responses: errorResponses(),
      ...SHARED_COMPONENTS,
    },
  };
}

/** Operations outside withApi (none today); kept for routes that answer in other formats. */
export type ExtraOperation = { path: string; method: string; operation: Json };
