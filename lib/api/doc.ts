import type { z } from "zod";

// What a route answers, declared next to its handler (`withApi({ ..., responses })`) so the
// OpenAPI document (lib/openapi/document.ts) is built from the same zod schemas that
// serialise the responses. Errors are added per route from its auth, body and query.

/** Response headers the document knows how to describe. */
export type DocHeader = "Location" | "Link" | "ETag" | "Content-Range" | "Content-Disposition" | "Retry-After";

export type ResponseDoc = {
  /** One schema, or several when the route answers differently shaped bodies with one status. */
  body?: z.ZodType | z.ZodType[] | "binary" | "empty";
  /** Content type of the body (default application/json; binary: application/octet-stream). */
  contentType?: string;
  headers?: DocHeader[];
  description?: string;
  /** Further content types of the same status, chosen by the request's Accept header, as text (e.g. text/csv). */
  alsoText?: string[];
};

/** Per status: a schema (JSON body), null (no body) or a full description. */
export type ResponsesDoc = Record<number, z.ZodType | ResponseDoc | null>;

/** What the document needs from a route besides its `.rule`. */
export type RouteDoc = {
  resource: string;
  body?: z.ZodType;
  query?: z.ZodType;
  files?: readonly string[];
  responses?: ResponsesDoc;
  /** The route honours `If-Match` with an ETag it issued (stale writes get 409). */
  ifMatch?: boolean;
  /** The route is not in the contract (service-interface.md): ours. */
  extension?: boolean;
  summary?: string;
};

/** Downloads: the whole file, a range of it, or not modified. */
export const downloadResponses: ResponsesDoc = {
  200: { body: "binary", headers: ["ETag"], description: "The file" },
  206: { body: "binary", headers: ["ETag", "Content-Range"], description: "The requested byte range" },
  304: { body: "empty", headers: ["ETag"], description: "Not modified (If-None-Match)" },
  416: { body: "empty", headers: ["ETag", "Content-Range"], description: "Range not satisfiable" },
};
