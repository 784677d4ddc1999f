// The authorization matrix (the "trust" issue): every route file × method × caller kind, with
// the expected outcome generated from what each route declares (withApi's `.rule`: permission
// or auth mode, policy, `in`) and the policies of lib/policies/table.ts, judged against the
// caller's relation to the object (e2e/support/matrix-world.ts declares those relations once).
//
//   - A route file under app/api, or a method it implements, without a request builder in
//     e2e/support/matrix-routes.ts fails the test. Methods a route does not implement must be
//     its JSON 405 handlers (public, with an Allow header naming exactly the built methods).
//   - Callers outside a policy's audience get 401/403/404, never a 2xx (a body-referenced object
//     outside the caller's reach may also be a 422 naming it `missing`). Missing, revoked and
//     random tokens get 401; a lacking permission or `in: "organisation"` 403 exactly.
//   - Callers inside the audience: reads 2xx; writes anything but 401/403/404 (business 4xx such
//     as 409/422 allowed), unless a refinement (matrix-routes.ts) says why the code is narrower.
//   - Lists: every seeded row the caller may see is in it, no other seeded row is, and every
//     listed row reads by id for that caller.
//   - An object of the other tenant answers exactly like a missing one (status and body).
//   - Destructive requests run last; each allowed caller destroys an object of its own.
//
// Expired tokens: the server's TOKEN_TTL_SECONDS is fixed for the run and a derived token
// expires no later than its parent, so the API offers no way to hold an expired token without
// writing the database (not done here). The revoked token and a syntactically valid random
// one stand in for it: the server resolves all three through the same path (resolveToken → null).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type APIRequestContext, type APIResponse, expect, test } from "@playwright/test";
import type { RouteRule } from "../../lib/api/with-api";
import type { PolicyName } from "../../lib/policies/table";
import { authed, nextUrl } from "../support/api";
import { prepareTestAudio } from "../support/audio";
import { type Body, type Case, METHODS, type Method, type RouteEntry, routeTable } from "../support/matrix-routes";
import {
  audiences,
  CALLER_KEYS,
  type Caller,
  type CallerKey,
  inAudience,
  permissionsOfCaller,
  pool,
  seedWorld,
  validToken,
  type World,
} from "../support/matrix-world";
import { encodeMultipart } from "../support/multipart";

prepareTestAudio();

const PARALLEL = 8;

type RouteModule = Partial<Record<Method, { rule?: RouteRule }>>;

/** Every app/api/**\/route.ts, keyed by its directory under app/api ("" for app/api/route.ts). */
function routeFiles(): Map<string, string> {
  const root = path.resolve("app/api");
  const out = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "route.ts") out.set(path.relative(root, dir).split(path.sep).join("/"), full);
    }
  };
  walk(root);
  return out;
}

let api: APIRequestContext;
let world: World;
const modules = new Map<string, RouteModule>();

test.beforeAll(async ({ playwright }, info) => {
  test.setTimeout(300_000);
  api = await playwright.request.newContext({ baseURL: String(info.project.use.baseURL) });
  const files = routeFiles();
  // The route modules themselves, for their declared rules (Playwright resolves the "@/" alias from tsconfig).
  for (const [key, file] of files) modules.set(key, (await import(pathToFileURL(file).href)) as RouteModule);
  const started = Date.now();
  world = await seedWorld(api, String(info.project.use.baseURL));
  console.log(`authorization matrix: world seeded in ${Math.round((Date.now() - started) / 1000)} s`);
});

test.afterAll(async () => {
  await api?.dispose();
});

// ---------------------------------------------------------------------------------------------
// Expectations

type Expected = { kind: "allow" | "deny" | "either"; status?: number; exact?: number; refusal?: number[]; why: string };

function expectation(rule: RouteRule, kase: Case, c: Caller, method: Method): Expected {
  const read = method === "GET";
  if (rule.auth === "public") return { kind: "allow", status: kase.status, why: "public route" };
  if (!validToken(c)) return { kind: "deny", exact: 401, why: "no valid token" };
  if (rule.auth !== "authenticated" && rule.auth !== "optional" && !permissionsOfCaller(c).has(rule.auth))
    return { kind: "deny", exact: 403, why: `lacks ${rule.auth}` };
  if (rule.in === "organisation" && c.level !== "organisation")
    return { kind: "deny", exact: 403, why: "does not act in an organisation" };
  const policy: PolicyName = kase.policy ?? rule.policy;
  if (!inAudience(c, policy, read, kase.target)) {
    return {
      kind: "deny",
      refusal: kase.refusal,
      why: `outside ${policy}.${read ? "sees" : "changes"} (caller is: ${[...audiences(c, kase.target)].join(", ") || "nothing"})`,
    };
  }
  const refined = kase.refine?.(c);
  if (refined) return { kind: refined.expect, why: refined.why };
  return {
    kind: "allow",
    status: kase.status,
    refusal: kase.refusal,
    why: `in ${policy}.${read ? "sees" : "changes"}`,
  };
}

type Answer = { status: number; text: string; headers: Record<string, string>; url: string; response: APIResponse };

const is2xx = (s: number) => s >= 200 && s < 300;
const REFUSED = [401, 403, 404];

/** A 422 whose errors name a referenced object as missing (it reads like one that does not exist). */
function missingReference(a: Answer): boolean {
  if (a.status !== 422) return false;
  try {
    return ((JSON.parse(a.text) as { errors?: { code: string }[] }).errors ?? []).some((e) => e.code === "missing");
  } catch {
    return false;
  }
}

/** Null when the answer meets the expectation, else what is wrong. */
function judge(exp: Expected, a: Answer, read: boolean): string | null {
  if (a.status >= 500) return "server error";
  if (exp.kind === "allow") {
    if (exp.status !== undefined) return a.status === exp.status ? null : `expected ${exp.status}`;
    if (read) return is2xx(a.status) ? null : "expected 2xx for an allowed read";
    return [...REFUSED, ...(exp.refusal ?? [])].includes(a.status) ? "an allowed caller was refused" : null;
  }
  if (exp.kind === "deny") {
    if (is2xx(a.status)) return "UNEXPECTED 2xx";
    if (exp.exact !== undefined) return a.status === exp.exact ? null : `expected ${exp.exact}`;
    const refusal = exp.refusal ?? REFUSED;
    return refusal.includes(a.status) || missingReference(a) ? null : `expected ${refusal.join("/")}`;
  }
  if (read) return is2xx(a.status) || REFUSED.includes(a.status) ? null : "expected 2xx or 401/403/404";
  return null;
}

// ---------------------------------------------------------------------------------------------
// Requests

let requests = 0;
const slowest: { ms: number; what: string }[] = [];

async function send(method: Method, url: string, token: string | null, body?: Body): Promise<Answer> {
  requests++;
  const started = Date.now();
  const headers: Record<string, string> = token ? authed(token) : {};
  let response: APIResponse;
  if (!body) response = await api.fetch(url, { method, headers });
  else if ("json" in body) response = await api.fetch(url, { method, headers, data: body.json as object });
  else if ("form" in body) response = await api.fetch(url, { method, headers, form: body.form });
  else {
    const encoded = await encodeMultipart(body.multipart);
    response = await api.fetch(url, {
      method,
      headers: { ...headers, "content-type": encoded.contentType },
      data: encoded.body,
    });
  }
  const binary = /audio|octet-stream/.test(response.headers()["content-type"] ?? "");
  const text = binary ? `<${(await response.body()).length} bytes>` : await response.text();
  slowest.push({ ms: Date.now() - started, what: `${method} ${url} → ${response.status()}` });
  if (slowest.length > 200) slowest.sort((a, b) => b.ms - a.ms).splice(20);
  return { status: response.status(), text, headers: response.headers(), url, response };
}

// ---------------------------------------------------------------------------------------------

test("authorization matrix: every route file × method × caller kind", async () => {
  test.setTimeout(600_000);
  const started = Date.now();
  const table = routeTable(world);
  const callers = CALLER_KEYS.map((k) => world.callers[k]);
  const problems: string[] = [];
  const tally = {
    requests: 0,
    expectedAllowed: 0,
    expectedDenied: 0,
    either: 0,
    unexpected2xx: 0,
    mismatches: 0,
    listLeaks: 0,
    otherTenantDiffers: 0,
    notAllowed405: 0,
  };
  const note = (message: string, unexpected = false) => {
    problems.push(message);
    tally.mismatches++;
    if (unexpected) tally.unexpected2xx++;
  };
  const show = (a: Answer) => a.text.replace(/\s+/g, " ").slice(0, 300);

  // ---- 1. Every route file and implemented method has a builder; the rest are JSON 405s.
  const notAllowed: { key: string; method: Method; path: string; allow: string[] }[] = [];
  const rules = new Map<string, RouteRule>();
  for (const [key, mod] of [...modules].sort(([a], [b]) => a.localeCompare(b))) {
    const entry: RouteEntry | undefined = table[key];
    if (!entry) {
      note(`app/api/${key ? `${key}/` : ""}route.ts is missing from the matrix table (e2e/support/matrix-routes.ts)`);
      continue;
    }
    const built = METHODS.filter((m) => entry[m]?.length);
    for (const method of METHODS) {
      const handler = mod[method];
      if (!handler) {
        if (entry[method]) note(`${method} app/api/${key}: the table has a builder, the route exports no handler`);
        continue;
      }
      if (!handler.rule) {
        note(`${method} app/api/${key}: the handler carries no .rule (not made by withApi?)`);
        continue;
      }
      rules.set(`${key} ${method}`, handler.rule);
      if (entry[method]?.length) continue;
      if (handler.rule.auth === "public" && handler.rule.policy === "public") {
        notAllowed.push({ key, method, path: entry[built[0]]![0].path, allow: [...built, "OPTIONS"] });
      } else {
        note(`${method} app/api/${key} (${JSON.stringify(handler.rule)}) has no request builder in the matrix table`);
      }
    }
  }
  for (const key of Object.keys(table))
    if (!modules.has(key)) note(`the matrix table names app/api/${key}/route.ts, which does not exist`);

  // ---- 2. The matrix: each case × caller, reads, then writes, then destructive requests.
  type Job = { key: string; method: Method; kase: Case; rule: RouteRule };
  const jobs: Job[] = [];
  for (const [key, entry] of Object.entries(table)) {
    for (const method of METHODS) {
      const rule = rules.get(`${key} ${method}`);
      if (!rule) continue;
      for (const kase of entry[method] ?? []) jobs.push({ key, method, kase, rule });
    }
  }
  const listAnswers: { job: Job; caller: Caller; answer: Answer }[] = [];

  const run = async (job: Job, c: Caller, override?: { path?: string; token?: string | null }) => {
    const exp = expectation(job.rule, job.kase, c, job.method);
    if (exp.kind === "allow") tally.expectedAllowed++;
    else if (exp.kind === "deny") tally.expectedDenied++;
    else tally.either++;
    const body = job.kase.body?.(c, exp.kind === "allow");
    const url = override?.path ?? job.kase.path;
    const answer = await send(job.method, url, override && "token" in override ? override.token! : c.token, body);
    const wrong = judge(exp, answer, job.method === "GET");
    const name = job.kase.name ? ` [${job.kase.name}]` : "";
    if (wrong)
      note(
        `${wrong}: ${c.label} — ${job.method} ${url}${name} answered ${answer.status} (expected ${exp.kind}: ${exp.why}) ${show(answer)}`,
        wrong === "UNEXPECTED 2xx",
      );
    if (job.kase.list && is2xx(answer.status)) listAnswers.push({ job, caller: c, answer });
    if (!wrong && exp.kind === "allow" && !is2xx(answer.status) && exp.status === undefined)
      business.push(`${c.key} ${job.method} ${job.key} → ${answer.status} ${show(answer).slice(0, 120)}`);
    return { exp, answer };
  };

  const timings: string[] = [];
  let mark = Date.now();
  let counted = requests;
  const lap = (what: string) => {
    timings.push(`${what} ${requests - counted} in ${((Date.now() - mark) / 1000).toFixed(1)} s`);
    mark = Date.now();
    counted = requests;
  };
  // Allowed writes answered with a business refusal (409, 422, ...): listed, so a bad body cannot hide an untested path.
  const business: string[] = [];
  const phase = (filter: (j: Job) => boolean) =>
    jobs.filter(filter).flatMap((job) => callers.map((c) => () => run(job, c)));
  await pool(
    PARALLEL,
    phase((j) => j.method === "GET" && !j.kase.destructive),
  );
  lap("reads");

  // ---- 3. Lists: complete for what the caller sees, nothing else seeded, every row readable by id.
  const byIdCache = new Map<string, Promise<Answer>>();
  const listChecks: (() => Promise<void>)[] = [];
  for (const { job, caller: c, answer } of listAnswers) {
    listChecks.push(async () => {
      const spec = job.kase.list!;
      const rows: Record<string, unknown>[] = spec.rowsOf
        ? spec.rowsOf(JSON.parse(answer.text))
        : [...(JSON.parse(answer.text) as Record<string, unknown>[])];
      // Follow Link rel="next" (other specs may share the server and fill the first pages).
      let next = nextUrl(answer.response);
      for (let page = 0; next && page < 50; page++) {
        const more = await send("GET", next, c.token);
        if (!is2xx(more.status)) {
          note(`${c.label} — GET ${next} (next page) answered ${more.status}`);
          break;
        }
        rows.push(...(JSON.parse(more.text) as Record<string, unknown>[]));
        next = nextUrl(more.response);
      }
      const got = new Map(rows.map((r) => [spec.rowId(r), r]));
      const policy = spec.policy ?? job.rule.policy;
      for (const row of spec.rows) {
        const sees = (row.inScope ?? true) && inAudience(c, policy, true, row.target);
        const listed = got.get(row.id);
        if (sees && !listed)
          note(`list incomplete: ${c.label} — GET ${job.kase.path} lacks ${row.id} (in ${policy}.sees)`);
        if (!sees && listed) {
          tally.listLeaks++;
          note(
            `LIST LEAK: ${c.label} — GET ${job.kase.path} shows ${row.id}, which it may not read (${(row.inScope ?? true) ? `outside ${policy}.sees` : "out of the list's scope"})`,
            true,
          );
        }
        if (listed && spec.byId) {
          const by = spec.byId(listed);
          const rule = by && rules.get(`${by.route} GET`);
          if (!by || !rule) continue;
          // Only where the by-id route admits the caller at all (its permission and `in`).
          if (
            rule.auth !== "authenticated" &&
            rule.auth !== "optional" &&
            rule.auth !== "public" &&
            !permissionsOfCaller(c).has(rule.auth)
          )
            continue;
          if (rule.in === "organisation" && c.level !== "organisation") continue;
          const cacheKey = `${c.key} ${by.path}`;
          if (!byIdCache.has(cacheKey)) byIdCache.set(cacheKey, send("GET", by.path, c.token));
          const read = await byIdCache.get(cacheKey)!;
          if (!is2xx(read.status))
            note(
              `LIST LEAK: ${c.label} — GET ${job.kase.path} shows ${row.id}, but GET ${by.path} answers ${read.status} ${show(read)}`,
              true,
            );
        }
      }
    });
  }
  await pool(PARALLEL, listChecks);
  lap("lists");

  // ---- 4. Writes (non-destructive).
  await pool(
    PARALLEL,
    phase((j) => j.method !== "GET" && !j.kase.destructive),
  );
  lap("writes");

  // ---- 5. The other tenant's objects answer exactly like missing ones, asked by the T1 callers that
  // reach T1's equivalents each in its own way: tenant-wide, organisation-wide, as staff, as owner,
  // as annotators of the organisation and of the tenant.
  const COMPARED: CallerKey[] = ["tenant", "org", "teacher", "s1", "fullAssigned", "tenantFull"];
  const t1Callers = COMPARED.map((k) => world.callers[k]);
  const normalise = (a: Answer, url: string, other: string) => {
    let text = a.text;
    try {
      const body = JSON.parse(text) as Record<string, unknown>;
      delete body.requestId;
      text = JSON.stringify(body);
    } catch {
      /* not JSON: compared as it is */
    }
    const mine = url.split(/[/?=&]/);
    const theirs = other.split(/[/?=&]/);
    mine.forEach((segment, i) => {
      if (segment && segment !== theirs[i])
        text = text.split(decodeURIComponent(segment)).join(`<id${i}>`).split(segment).join(`<id${i}>`);
    });
    return text;
  };
  const compare = (job: Job, c: Caller) => async () => {
    const { path: t2Path, missing } = job.kase.otherTenant!;
    const [a, b] = [
      await send(job.method, t2Path, c.token, job.kase.body?.(c, false)),
      await send(job.method, missing, c.token, job.kase.body?.(c, false)),
    ];
    const [x, y] = [normalise(a, t2Path, missing), normalise(b, missing, t2Path)];
    if (a.status !== b.status || x !== y) {
      tally.otherTenantDiffers++;
      note(
        `OTHER TENANT ≠ MISSING: ${c.label} — ${job.method} ${t2Path} answered ${a.status} ${x.slice(0, 200)}; ${missing} answered ${b.status} ${y.slice(0, 200)}`,
        is2xx(a.status),
      );
    }
  };
  await pool(
    PARALLEL,
    jobs.filter((j) => j.kase.otherTenant && !j.kase.destructive).flatMap((j) => t1Callers.map((c) => compare(j, c))),
  );
  lap("other tenant vs missing");

  // ---- 6. Destructive requests: other tenant vs missing first, then refused callers, then each allowed caller on an object of its own.
  const destructive = jobs.filter((j) => j.kase.destructive);
  await pool(
    PARALLEL,
    destructive.filter((j) => j.kase.otherTenant).flatMap((j) => t1Callers.map((c) => compare(j, c))),
  );
  const split = (allowed: boolean) =>
    destructive.flatMap((job) =>
      callers
        .filter((c) => (expectation(job.rule, job.kase, c, job.method).kind === "allow") === allowed)
        .map((c) => async () => {
          const target = job.kase.fresh ? await job.kase.fresh(c, allowed) : undefined;
          const token = job.kase.freshToken && allowed ? await c.mint() : c.token;
          const { answer } = await run(job, c, { path: target?.path, token });
          if (job.kase.freshToken && allowed && is2xx(answer.status)) {
            const after = await send("GET", "/api/user", token);
            if (after.status !== 401) note(`${c.label}: a token revoked with ${job.key} still answers ${after.status}`);
          }
        }),
    );
  await pool(PARALLEL, split(false));
  await pool(PARALLEL, split(true));
  lap("destructive");

  // ---- 7. Methods a route does not implement: JSON 405 with Allow naming exactly the built ones (public: no token needed).
  await pool(
    PARALLEL,
    notAllowed.flatMap((n) =>
      [world.callers.none].map((c) => async () => {
        const a = await send(n.method, n.path, c.token);
        const allow = (a.headers.allow ?? "")
          .split(",")
          .map((m) => m.trim())
          .filter(Boolean)
          .sort();
        tally.notAllowed405++;
        if (
          a.status !== 405 ||
          JSON.stringify(allow) !== JSON.stringify([...n.allow].sort()) ||
          !(a.headers["content-type"] ?? "").includes("application/json")
        ) {
          note(
            `${n.method} app/api/${n.key} is neither built nor a JSON 405 with Allow: ${n.allow.join(", ")} — ${c.label} got ${a.status} Allow: ${a.headers.allow} ${show(a)}${is2xx(a.status) ? " (UNEXPECTED 2xx)" : ""}`,
            is2xx(a.status),
          );
        }
      }),
    ),
  );

  tally.requests = requests;
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(
    `authorization matrix (${test.info().project.name}, ${seconds} s): ${tally.requests} requests; ${tally.expectedAllowed} expected allowed, ${tally.expectedDenied} expected denied, ${tally.either} either; ` +
      `${tally.unexpected2xx} unexpected 2xx (list leaks ${tally.listLeaks}); ${tally.mismatches} mismatches (other tenant ≠ missing: ${tally.otherTenantDiffers}); ${tally.notAllowed405} JSON 405 checks`,
  );
  lap("405s");
  console.log(
    `  phases: ${timings.join(", ")}; slowest: ${slowest
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 8)
      .map((s) => `${s.what} ${s.ms} ms`)
      .join("; ")}`,
  );
  if (business.length)
    console.log(
      `  allowed writes refused for business reasons (${business.length}):\n${business.map((b) => `    ${b}`).join("\n")}`,
    );
  if (problems.length) console.log(problems.map((p) => `  - ${p}`).join("\n"));
  expect(tally.unexpected2xx, "unexpected 2xx").toBe(0);
  expect(problems, problems.join("\n")).toEqual([]);
});
