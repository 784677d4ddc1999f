import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { type Principal, requireOrganisation, requirePermission } from "@/lib/auth/principal";
import { sessionCookieToken } from "@/lib/auth/session-cookie";
import { forgetAllTokens } from "@/lib/auth/token-cache";
import { resolveToken } from "@/lib/auth/tokens";
import { ensureStarted } from "@/lib/bootstrap/start";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { observeRequest } from "@/lib/metrics/hooks";
import type { Permission } from "@/lib/permissions/catalog";
import type { PolicyName } from "@/lib/policies/table";
import { requestTmpDir } from "@/lib/storage/temp-dirs";
import { type ParsedBody, parseBody, type UploadedFile } from "./body";
import { checkParts, jsonFileFields } from "./body-fields";
import { clientAddress } from "./client-address";
import { corsHeaders } from "./cors";
import type { ResponsesDoc, RouteDoc } from "./doc";
import { errorResponse } from "./error-response";
import { assertSafeInput } from "./input-guards";
import { log } from "./log";
import { bodyObject, extractToken, queryObject, unauthorized, validate } from "./request-input";
import { declareRoute } from "./route-registry";

// The one wrapper every API route goes through: resolves the caller from the
// bearer header or ?access_token=, checks the declared permission, parses and
// validates input with zod, maps thrown errors to JSON, adds CORS and logs a line.

type Auth = { permission: Permission } | { authenticated: true } | { public: true } | { optionalAuth: true };

type Options<B extends z.ZodType | undefined, Q extends z.ZodType | undefined> = Auth & {
  /** The authorization policy (lib/policies/table.ts) that decides which rows this route reaches. */
  policy: PolicyName;
  /** The route acts in the caller's organisation: callers not acting in one get 403. */
  in?: "organisation";
  /** Resource name used in validation errors. */
  resource: string;
  body?: B;
  query?: Q;
  /** Accept multipart/form-data with files in these fields (and only there). */
  files?: readonly string[];
  /** Success responses per status, for the OpenAPI document (lib/openapi). */
  responses?: ResponsesDoc;
  /** The route honours If-Match with an ETag it issued. */
  ifMatch?: boolean;
  /** Not in the contract (service-interface.md): ours. */
  extension?: boolean;
  /** One line for the reference page. */
  summary?: string;
};

export type ApiContext<P, B, Q> = {
  req: Request;
  requestId: string;
  params: P;
  principal: Principal;
  optionalPrincipal: Principal | null;
  body: B;
  query: Q;
  files: Record<string, UploadedFile[]>;
  tokenFromQuery: boolean;
};

type RouteContext<P> = { params: Promise<P> };

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/**
 * Policies whose writes change content only (challenges, answers, annotations, groups...), never
 * a token, a user, a role, an organisation or a tenant: what a cached principal is made of.
 */
const CONTENT_POLICIES: ReadonlySet<PolicyName> = new Set<PolicyName>([
  "group",
  "challenge",
  "category",
  "submission",
  "correction",
  "recording",
  "reference",
  "assignment",
  "annotation",
  "scheme",
]);

export function withApi<
  P = Record<string, string>,
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
>(
  options: Options<B, Q>,
  handler: (
    ctx: ApiContext<P, B extends z.ZodType ? z.output<B> : undefined, Q extends z.ZodType ? z.output<Q> : undefined>,
  ) => Promise<Response>,
) {
  const handle = async (req: Request, route: RouteContext<P>): Promise<Response> => {
    const requestId = randomUUID();
    const started = performance.now();
    const url = new URL(req.url);
    let principal: Principal | null = null;
    let parsed: ParsedBody = { kind: "none" };
    let response: Response;
    try {
      await ensureStarted();
      const { token: given, fromQuery } = extractToken(req, url);
      // No bearer token: the web app's own pages send the session cookie instead.
      const token = given ?? (await sessionCookieToken(req));
      if (!("public" in options)) {
        principal = token ? await resolveToken(db(), token) : null;
        if (!principal && !("optionalAuth" in options)) throw unauthorized(token !== null);
        if (principal && "permission" in options) requirePermission(principal, options.permission);
        if (principal && options.in === "organisation") requireOrganisation(principal);
      }
      const cfg = config();
      const query = options.query
        ? validate(options.query, assertSafeInput(queryObject(url), "The query"), options.resource)
        : undefined;
      if (options.body || options.files) {
        parsed = await parseBody(req, { ...cfg, tmpDir: requestTmpDir() });
        if (parsed.kind === "json" && options.files?.length)
          parsed = await jsonFileFields(parsed.value, options.files, requestTmpDir(), options.resource);
        if (parsed.kind === "multipart")
          await checkParts(parsed, options.files ?? [], options.resource, cfg.maxBodyBytes);
      }
      // Too deep, NUL (PostgreSQL cannot store it in text) or ill-formed Unicode: 400 everywhere alike.
      if (parsed.kind === "multipart")
        assertSafeInput(
          Object.values(parsed.files)
            .flat()
            .map((f) => f.filename),
          "A file name",
        );
      const body = options.body
        ? validate(options.body, assertSafeInput(bodyObject(parsed), "The request body"), options.resource)
        : undefined;
      const params = assertSafeInput(await route.params, "The path");
      response = await handler({
        req,
        requestId,
        params,
        get principal() {
          if (!principal) throw unauthorized(false);
          return principal;
        },
        optionalPrincipal: principal,
        body: body as never,
        query: query as never,
        files: parsed.kind === "multipart" ? parsed.files : {},
        tokenFromQuery: fromQuery,
      });
    } catch (error) {
      response = errorResponse(error, requestId);
    } finally {
      // Not awaited: the answer does not wait for its temp files to go (a class's answers waited
      // 170 ms at the median, in libuv's queue); what a crash leaves is swept (temp-dirs.ts).
      if (parsed.kind === "multipart") void parsed.cleanup().catch(() => {});
    }
    // A write may have changed what a token stands for (roles, a deleted user, a new password):
    // this instance forgets its cached tokens before answering (lib/auth/token-cache.ts). Writes
    // to content cannot, and forgetting on each of them made every answer of a class re-read
    // its token (seven statements).
    if (!SAFE_METHODS.has(req.method) && response.status < 400 && !CONTENT_POLICIES.has(options.policy))
      forgetAllTokens();
    for (const [k, v] of Object.entries(corsHeaders())) response.headers.set(k, v);
    response.headers.set("X-Request-Id", requestId);
    log("info", "request", {
      requestId,
      method: req.method,
      path: url.pathname,
      status: response.status,
      ms: Math.round(performance.now() - started),
      scope: principal?.scope,
      client: clientAddress(req),
    });
    observeRequest(url.pathname, req.method, response.status, performance.now() - started);
    return response;
  };
  return Object.assign(declareRoute(options, handle), { rule: ruleOf(options), doc: docOf(options) });
}

function docOf(options: Options<z.ZodType | undefined, z.ZodType | undefined>): RouteDoc {
  const { resource, body, query, files, responses, ifMatch, extension, summary } = options;
  return { resource, body, query, files, responses, ifMatch, extension, summary };
}

/** What a route declares, for the authorization matrix test: its permission (or auth mode) and policy. */
export type RouteRule = {
  auth: Permission | "authenticated" | "optional" | "public";
  policy: PolicyName;
  in: "organisation" | null;
};

function ruleOf(options: Auth & { policy: PolicyName; in?: "organisation" }): RouteRule {
  const auth =
    "permission" in options
      ? options.permission
      : "authenticated" in options
        ? "authenticated"
        : "optionalAuth" in options
          ? "optional"
          : "public";
  return { auth, policy: options.policy, in: options.in ?? null };
}
