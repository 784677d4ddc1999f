// The authorization matrix's request builders (e2e/api/authorization-matrix.spec.ts): one entry
// per route file under app/api (keyed by its directory, "" for app/api/route.ts), and per
// implemented method one or more cases — the path with the seeded ids, a valid body, the object
// it touches (its Target) and, for ids in the path, the same request naming the other tenant's
// objects and naming nonexistent ones. A route file or an implemented method without an entry
// here fails the matrix; methods a route does not implement (JSON 405 handlers) need none.
//
// `refine` narrows an expectation where the declared policy (lib/policies/table.ts) cannot say
// it precisely; each says why. A refinement only ever narrows "allowed" (to "denied" or to
// "either"): a caller outside the declared audience is always expected to be refused.
import { randomBytes } from "node:crypto";
import type { PolicyName } from "../../lib/policies/table";
import { authed, impersonate, uniqueId } from "./api";
import { uniqueWav, wavPart } from "./audio";
import {
  type Caller,
  feedbackFields,
  isAdministrator,
  json,
  multipart,
  type Objects,
  permissionsOfCaller,
  type Rec,
  type Target,
  type World,
} from "./matrix-world";
import type { MultipartFields } from "./multipart";

export const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type Method = (typeof METHODS)[number];

export type Body = { json: unknown } | { form: Record<string, string> } | { multipart: MultipartFields };

export type Refinement = { expect: "deny" | "either"; why: string };
export type Refine = (c: Caller) => Refinement | undefined;

export type Row = { id: string; target: Target; inScope?: boolean };

export type ListSpec = {
  /** The id of a response row. */
  rowId: (row: Record<string, unknown>) => string;
  /** The rows of a body that is not itself the list (default: the body). */
  rowsOf?: (body: unknown) => Record<string, unknown>[];
  /** Seeded rows the list may hold: expected exactly when in scope and the caller is in the row policy's `sees`. */
  rows: Row[];
  /** The policy that decides which rows a caller sees (default: the route's). */
  policy?: PolicyName;
  /** The route file and path that reads a row by id (to check that every listed row is readable by id). */
  byId?: (row: Record<string, unknown>) => { route: string; path: string } | null;
};

export type Case = {
  /** Distinguishes several cases of one route and method (downloads). */
  name?: string;
  target: Target;
  path: string;
  body?: (c: Caller, allowed: boolean) => Body;
  /** Judge the audience with this policy instead of the route's (downloads: the owning row's). */
  policy?: PolicyName;
  refine?: Refine;
  /** The status every allowed caller gets (routes that always answer the same). */
  status?: number;
  /** How this route refuses a caller outside the audience, when not 401/403/404 (the token endpoint: 400 invalid_scope). */
  refusal?: number[];
  /** Destructive requests: each caller works on an object of its own (denied callers may share one). */
  fresh?: (c: Caller, allowed: boolean) => Promise<{ path: string }>;
  /** Requests that revoke the presented token use a new token of the caller's kind. */
  freshToken?: boolean;
  /** Runs after every other request (deletes, resets). */
  destructive?: boolean;
  /** The same request naming the other tenant's objects, and naming nonexistent ones: both must answer alike. */
  otherTenant?: { path: string; missing: string };
  list?: ListSpec;
};

export type RouteEntry = Partial<Record<Method, Case[]>>;

// ---------------------------------------------------------------------------------------------
// Paths of an organisation's objects (O1's, T2's, or nonexistent ones)

const enc = encodeURIComponent;
export const paths = {
  speech: (o: Objects) => `/api/challenges/speech/${enc(o.speech.id)}`,
  recordings: (o: Objects) => `${paths.speech(o)}/recordings`,
  recording: (o: Objects) => `${paths.recordings(o)}/${enc(o.recording.id)}`,
  pronunciation: (o: Objects) => `/api/challenges/pronunciation/${enc(o.pronunciation.id)}`,
  analyses: (o: Objects) => `${paths.pronunciation(o)}/analyses`,
  analysis: (o: Objects) => `${paths.analyses(o)}/${enc(o.analysis.id)}`,
  choice: (o: Objects) => `/api/challenges/choice/${enc(o.choice.id)}`,
  preparation: (o: Objects) => `${paths.choice(o)}/preparation`,
  recognitions: (o: Objects) => `${paths.choice(o)}/recognitions`,
  recognition: (o: Objects) => `${paths.recognitions(o)}/${enc(o.recognition.id)}`,
  feedback: (o: Objects) => `/api/feedback/${enc(o.feedback.id)}`,
  category: (o: Objects) => `/api/categories/${enc(o.category.id)}`,
  children: (o: Objects) => `${paths.category(o)}/categories`,
  progress: (o: Objects) => `${paths.category(o)}/progress?group=${enc(o.group.id)}`,
  progressGrid: (o: Objects) => `${paths.category(o)}/progress/grid?group=${enc(o.group.id)}`,
  progressCell: (o: Objects) =>
    `${paths.category(o)}/progress/cell?user=${enc(o.user.id)}&challenge=${enc(o.speech.id)}`,
  group: (o: Objects) => `/api/groups/${enc(o.group.id)}`,
  members: (o: Objects) => `${paths.group(o)}/members`,
  member: (o: Objects) => `${paths.members(o)}/${enc(o.user.id)}`,
  assignment: (o: Objects) => `/api/assignment/${o.assignment.id}`,
  assignments: (o: Objects) => `/api/assignments/${o.assignment.id}`,
  annotation: (o: Objects) => `/api/annotation/${o.annotation.id}`,
  annotations: (o: Objects) => `/api/annotations/${o.annotation.id}`,
  scheme: (o: Objects) => `/api/organisations/${enc(o.orgId)}/annotation-scheme`,
  organisation: (o: Objects) => `/api/organisations/${enc(o.orgId)}`,
  signInCode: (o: Objects) => `/api/organisations/${enc(o.orgId)}/sign-in-code`,
  reference: (o: Objects) =>
    `/api/organisations/${enc(o.orgId)}/challenges/speech/${enc(o.speech.id)}/recordings/${enc(o.recording.id)}/reference`,
  resultSet: (o: Objects) => `/api/resultsets/${enc(o.recording.resultSet)}`,
  user: (o: Objects) => `/api/users/${enc(o.user.id)}`,
};

/** Objects whose every id names nothing (for "answers like missing"). */
export function missingObjects(like: Objects): Objects {
  const id = (p: string) => `${p}-${randomBytes(6).toString("hex")}`;
  const file = () => `${like.recording.audioUrl.replace(/\/download\/[^/]+$/, "")}/download/${id("file")}`;
  const n = () => 2_000_000_000 - Math.floor(Math.random() * 1_000_000);
  const recording: Rec = { ...like.recording, id: id("rec"), resultSet: id("rs"), audioUrl: file() };
  return {
    ...like,
    orgId: id("org"),
    speech: { id: id("sc"), referenceAudioUrl: file() },
    recording,
    feedback: { id: id("fb"), audioUrl: file() },
    pronunciation: { id: id("pc"), referenceAudioUrl: file() },
    analysis: { id: id("an"), audioUrl: file() },
    choice: { id: id("cc") },
    recognition: { id: id("rec"), audioUrl: file() },
    category: { id: id("cat") },
    childCategory: { id: id("cat") },
    group: { id: id("grp") },
    assignment: { id: n() },
    annotation: { id: n(), peaksUrl: file(), normalisedAudioUrl: file() },
    user: { ...like.user, id: id("user") },
  };
}

/** The path of a ...Url (absolute download URLs). */
export const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;

// ---------------------------------------------------------------------------------------------
// Refinements (each narrows the declared policy; the reason says where the code is stricter)

const has = (c: Caller, p: string) => permissionsOfCaller(c).has(p as never);
const topAdmin = (c: Caller) => c.level === "top";

/** Users: the user itself, or someone of its namespace holding the permission (members without it do not read or change other users). */
const usersWith =
  (permission: "USER_LIST" | "USER_CREATE", self: string): Refine =>
  (c) =>
    c.user?.key !== self && !has(c, permission)
      ? { expect: "deny", why: `another user's row needs ${permission} (the policy says "member")` }
      : undefined;

/** Organisations, label schemes and references are reached through a tenant: a top-level admin impersonates first. */
const throughTenant: Refine = (c) =>
  topAdmin(c)
    ? {
        expect: "deny",
        why: "reached through a tenant: a top-level admin impersonates the tenant or organisation first",
      }
    : undefined;

/** Roles are created and changed by top-level admins only (the "admin" of the role policy). */
const topAdminsOnly: Refine = (c) =>
  topAdmin(c) ? undefined : { expect: "deny", why: "only top-level admins create and change roles" };

const administratorsOnly =
  (why: string): Refine =>
  (c) =>
    isAdministrator(c) ? undefined : { expect: "deny", why };

/** Assignment and annotation lists: administrators, and annotators (by permission); everyone else is refused outright. */
const annotatorsOrAdministrators =
  (permission: "ASSIGNMENT_LIST" | "ANNOTATION_LIST"): Refine =>
  (c) =>
    isAdministrator(c) || has(c, permission)
      ? undefined
      : { expect: "deny", why: `the list needs ${permission} or administrative powers` };

// ---------------------------------------------------------------------------------------------
// The table

export function routeTable(w: World): Record<string, RouteEntry> {
  const o = w.o1;
  const t2 = w.t2;
  const miss = missingObjects(o);
  const u = w.users;
  const O1 = o.place;

  // S1's recording is assigned to the O1 annotators (A1) and to the tenant-level full annotator (A2);
  // the rest of A1 (the pool and the spare) to the O1 annotators only.
  const annotators = ["baseAssigned", "fullAssigned"];
  const r1Annotators = [...annotators, "tenantFull"];
  const speechTarget: Target = { type: "content", place: O1, annotators: r1Annotators };
  const content: Target = { type: "content", place: O1 };
  // The assignment holds S1's recording, the pool and the spare; T2's holds T2's recording.
  const assigned = new Set([o.recording.id, ...w.pool.map((r) => r.id), w.spare.id]);
  const recordingTarget = (r: Rec): Target =>
    r.owner === "o2Student"
      ? { type: "submission", place: { tenant: "T1", org: "O2" }, owner: r.owner }
      : r.owner === "t2Student"
        ? { type: "submission", place: t2.place, owner: r.owner, annotators: ["t2Full"], full: ["t2Full"] }
        : r.id === o.recording.id
          ? {
              type: "submission",
              place: O1,
              owner: r.owner,
              annotators: r1Annotators,
              full: ["fullAssigned", "tenantFull"],
            }
          : assigned.has(r.id)
            ? { type: "submission", place: O1, owner: r.owner, annotators, full: ["fullAssigned"] }
            : { type: "submission", place: O1, owner: r.owner };
  const submission = (owner: string): Target => ({ type: "submission", place: O1, owner });
  const assignment: Target = { type: "assignment", place: O1, annotators, full: ["fullAssigned"] };
  const t2Content: Target = { type: "content", place: t2.place };
  const t2Submission: Target = { type: "submission", place: t2.place, owner: "t2Student" };
  const t2Assignment: Target = { type: "assignment", place: t2.place, annotators: ["t2Full"], full: ["t2Full"] };
  const userTarget = (key: string): Target => ({ type: "user", user: u[key] });
  const list: Target = { type: "list" };

  /** The same request for T2's objects and for nonexistent ones. */
  const other = (f: (x: Objects) => string) => ({ path: f(t2), missing: f(miss) });

  const wav = w.wav;
  const wavOf = () => wavPart(uniqueWav(wav));

  // POST /api/annotations: each allowed caller annotates a recording of its own from the pool.
  let pooled = 0;
  const annotationBody = (_c: Caller, allowed: boolean): Body => {
    const rec = allowed ? w.pool[pooled++ % w.pool.length] : w.spare;
    return { json: { assignment: o.assignment.id, recording: rec.ref, fragments: [] } };
  };

  // Fresh objects for destructive requests: allowed callers each get one; denied callers share one.
  const shared = new Map<string, Promise<{ path: string }>>();
  const once = (key: string, make: () => Promise<{ path: string }>) =>
    shared.has(key) ? shared.get(key)! : (shared.set(key, make()), shared.get(key)!);
  const org = w.principals.o1;
  const newSpeech = async () => ({
    path: `/api/challenges/speech/${enc((await json<{ id: string }>(await multipart(w.api, "POST", "/api/challenges/speech", { language: "eng" }, org), 201, "fresh speech challenge")).id)}`,
  });
  const newPronunciation = async () => ({
    path: `/api/challenges/pronunciation/${enc(
      (
        await json<{ id: string }>(
          await multipart(
            w.api,
            "POST",
            "/api/challenges/pronunciation",
            { transcription: "Fresh.", language: "eng", referenceAudio: wavOf() },
            org,
          ),
          201,
          "fresh pronunciation challenge",
        )
      ).id,
    )}`,
  });
  const newChoice = async () => ({
    path: `/api/challenges/choice/${enc((await json<{ id: string }>(await multipart(w.api, "POST", "/api/challenges/choice", { choices: ["A", "B"], language: "eng" }, org), 202, "fresh choice challenge")).id)}`,
  });
  const newMembership = async () => {
    const group = await json<{ id: string }>(
      await w.api.post("/api/groups", { data: { name: "Fresh" }, headers: authed(org) }),
      201,
      "fresh group",
    );
    await json(
      await w.api.post(`/api/groups/${group.id}/members`, { data: { users: [u.s2.id] }, headers: authed(org) }),
      204,
      "fresh member",
    );
    return { path: `/api/groups/${enc(group.id)}/members/${enc(u.s2.id)}` };
  };

  // An assignment like O1's (same annotators, the never-annotated spare): nobody has started on it.
  const newAssignment = async () => ({
    path: `/api/assignments/${
      (
        await json<{ id: number }>(
          await w.api.post("/api/assignments", {
            data: {
              name: "Fresh",
              baseAnnotator: u.baseAssigned.id,
              fullAnnotator: u.fullAssigned.id,
              recordings: [w.spare.ref],
            },
            headers: authed(org),
          }),
          201,
          "fresh assignment",
        )
      ).id
    }`,
  });

  const newStudent = async () => ({
    path: `/api/users/${enc((await json<{ id: string }>(await w.api.post("/api/users", { data: { firstName: "Fresh", infix: null, lastName: "Student", roles: ["STUDENT"] }, headers: authed(org) }), 201, "fresh student")).id)}`,
  });

  /** A fresh student of O1 with a username: the path that resets its password. */
  const freshStudentLogin = async () => {
    const { id } = await json<{ id: string }>(
      await w.api.post("/api/users", {
        data: { firstName: "Fresh", infix: null, lastName: "Login", roles: ["STUDENT"] },
        headers: authed(org),
      }),
      201,
      "fresh student",
    );
    const as = await impersonate(w.api, org, `tenant/${w.tenants.T1}/organisation/${w.orgs.O1}/student/${id}`);
    const username = uniqueId("reset");
    await json(
      await w.api.post("/api/user/basicauths", {
        data: { username, password: "matrix-password-0" },
        headers: authed(as),
      }),
      201,
      "username of the fresh student",
    );
    return `/api/users/${enc(id)}/basicauths/${enc(username)}`;
  };

  const newRole = async () => {
    const id = `MATRIX_${randomBytes(4).toString("hex").toUpperCase()}`;
    await json(
      await w.api.post("/api/roles", { data: { id, permissions: [] }, headers: authed(w.principals.admin) }),
      201,
      "custom role",
    );
    return { path: `/api/roles/${id}` };
  };

  const speechRow = (id: string, place: "O1" | "O2" | "P2"): Row => ({
    id,
    target:
      place === "O1" ? content : place === "O2" ? { type: "content", place: { tenant: "T1", org: "O2" } } : t2Content,
  });
  const allRecordings = [o.recording, ...w.pool, w.spare, w.s2.recording, w.o2.recording, t2.recording];
  const o1Users = [
    "orgAdmin",
    "teacher",
    "s1",
    "s2",
    "baseAssigned",
    "fullAssigned",
    "baseUnassigned",
    "fullUnassigned",
  ];
  const allUsers = Object.keys(u);
  const idRow = (row: Record<string, unknown>) => String(row.id);

  // Download cases: every ...Url of S1's objects and O1's challenges, by the owning row's policy.
  const download = (
    name: string,
    url: string,
    target: Target,
    policy: PolicyName,
    otherUrl: string,
    missingUrl: string,
  ): Case => ({
    name,
    target,
    policy,
    path: pathOf(url),
    otherTenant: { path: pathOf(otherUrl), missing: pathOf(missingUrl) },
  });

  const entries: Record<string, RouteEntry> = {
    // ---- unknown paths and health: public
    "[...path]": Object.fromEntries(
      METHODS.map((m) => [
        m,
        [{ target: { type: "none" }, path: "/api/no-such-endpoint/here", status: 404 } satisfies Case],
      ]),
    ),
    "": Object.fromEntries(
      METHODS.map((m) => [m, [{ target: { type: "none" }, path: "/api", status: 404 } satisfies Case]]),
    ),
    health: { GET: [{ target: { type: "none" }, path: "/api/health", status: 200 }] },
    "health/live": { GET: [{ target: { type: "none" }, path: "/api/health/live", status: 200 }] },
    "health/ready": { GET: [{ target: { type: "none" }, path: "/api/health/ready", status: 200 }] },
    "openapi.json": { GET: [{ target: { type: "none" }, path: "/api/openapi.json", status: 200 }] },
    // ---- operations: the "operator" policy's admin is the top level only (or METRICS_TOKEN, unset here)
    metrics: {
      GET: [
        {
          target: { type: "tenant", tenant: "T1" },
          path: "/api/metrics",
          refine: (c) =>
            c.level === "top" ? undefined : { expect: "deny", why: "metrics: top-level administrators only" },
        },
      ],
    },

    // ---- tokens
    tokens: {
      POST: [
        {
          name: "own scope",
          target: { type: "token" },
          path: "/api/tokens",
          body: () => ({ form: { grant_type: "client_credentials" } }),
        },
        // Impersonation, top-down only (judged by the token and by the person who signed in): the
        // administrators whose reach covers the scope; anyone else gets 400 invalid_scope.
        {
          name: "impersonate S3",
          target: content,
          policy: "organisation",
          path: "/api/tokens",
          refusal: [400],
          body: () => ({
            form: {
              grant_type: "client_credentials",
              scope: `tenant/${w.tenants.T1}/organisation/${w.orgs.O1}/student/${u.s3.id}`,
            },
          }),
        },
        {
          name: "impersonate O1",
          target: content,
          policy: "organisation",
          path: "/api/tokens",
          refusal: [400],
          body: () => ({
            form: { grant_type: "client_credentials", scope: `tenant/${w.tenants.T1}/organisation/${w.orgs.O1}` },
          }),
        },
        {
          name: "impersonate T1",
          target: { type: "tenant", tenant: "T1" },
          policy: "tenant",
          path: "/api/tokens",
          refusal: [400],
          body: () => ({ form: { grant_type: "client_credentials", scope: `tenant/${w.tenants.T1}` } }),
        },
      ],
    },
    "tokens/revoke": {
      POST: [{ target: { type: "token" }, path: "/api/tokens/revoke", freshToken: true, destructive: true }],
    },

    // ---- tenants and organisations
    tenants: {
      GET: [
        {
          target: list,
          path: "/api/tenants?perPage=100",
          refine: (c) =>
            c.level === "top" || (c.level === "tenant" && isAdministrator(c))
              ? undefined
              : { expect: "deny", why: "only administrators who reach a tenant list tenants" },
          list: {
            rowId: idRow,
            rows: [
              { id: w.tenants.T1, target: { type: "tenant", tenant: "T1" } },
              { id: w.tenants.T2, target: { type: "tenant", tenant: "T2" } },
            ],
            byId: (row) => ({ route: "tenants/[tenant]", path: `/api/tenants/${enc(String(row.id))}` }),
          },
        },
      ],
      POST: [
        { target: { type: "namespace" }, path: "/api/tenants", body: () => ({ json: { name: "Made by the matrix" } }) },
      ],
    },
    "tenants/[tenant]": {
      GET: [
        {
          target: { type: "tenant", tenant: "T1" },
          path: `/api/tenants/${enc(w.tenants.T1)}`,
          otherTenant: { path: `/api/tenants/${enc(w.tenants.T2)}`, missing: `/api/tenants/${uniqueId("nope")}` },
        },
      ],
    },
    organisation: {
      POST: [
        {
          target: { type: "namespace" },
          path: "/api/organisation",
          body: () => ({ json: { name: "Made by the matrix" } }),
          refine: throughTenant,
        },
      ],
    },
    organisations: {
      GET: [
        {
          target: list,
          path: "/api/organisations?perPage=100",
          refine: throughTenant,
          list: {
            rowId: idRow,
            rows: [
              { id: w.orgs.O1, target: { type: "organisation", place: O1 } },
              { id: w.orgs.O2, target: { type: "organisation", place: { tenant: "T1", org: "O2" } } },
              { id: w.orgs.P2, target: { type: "organisation", place: t2.place } },
            ],
            byId: (row) => ({
              route: "organisations/[organisation]",
              path: `/api/organisations/${enc(String(row.id))}`,
            }),
          },
        },
      ],
      POST: [
        {
          target: { type: "namespace" },
          path: "/api/organisations",
          body: () => ({ json: { name: "Made by the matrix" } }),
          refine: throughTenant,
        },
      ],
    },
    "organisations/[organisation]": {
      GET: [
        {
          target: { type: "organisation", place: O1 },
          path: paths.organisation(o),
          refine: throughTenant,
          otherTenant: other(paths.organisation),
        },
      ],
    },
    "organisations/[organisation]/sign-in-code": {
      GET: [
        {
          target: { type: "organisation", place: O1 },
          path: paths.signInCode(o),
          refine: throughTenant,
          otherTenant: other(paths.signInCode),
        },
      ],
    },

    // ---- users, profiles, credentials
    user: { GET: [{ target: { type: "own-user" }, path: "/api/user" }] },
    "user/profile": {
      GET: [{ target: { type: "own-user" }, path: "/api/user/profile" }],
      POST: [{ target: { type: "own-user" }, path: "/api/user/profile", body: () => ({ json: { cefr: 4 } }) }],
    },
    users: {
      GET: [
        {
          target: list,
          path: "/api/users?perPage=100",
          list: {
            rowId: idRow,
            rows: allUsers.map((k) => ({ id: u[k].id, target: userTarget(k) })),
            byId: (row) => ({ route: "users/[userId]", path: `/api/users/${enc(String(row.id))}` }),
          },
        },
      ],
      POST: [
        {
          target: { type: "namespace" },
          path: "/api/users",
          body: () => ({ json: { firstName: "Made", infix: null, lastName: "By the matrix", roles: ["STUDENT"] } }),
        },
      ],
    },
    "users/import": {
      POST: [
        {
          target: { type: "namespace" },
          path: "/api/users/import",
          body: () => ({ json: { rows: [{ firstName: "Imported", lastName: "By the matrix" }] } }),
        },
      ],
    },
    "users/[userId]": {
      GET: [
        {
          target: userTarget("s1"),
          path: paths.user(o),
          refine: usersWith("USER_LIST", "s1"),
          otherTenant: other(paths.user),
        },
      ],
      PUT: [
        {
          target: userTarget("s1"),
          path: paths.user(o),
          body: () => ({ json: { lastName: "Edited by the matrix" } }),
          refine: usersWith("USER_CREATE", "s1"),
          otherTenant: other(paths.user),
        },
      ],
      DELETE: [
        {
          target: userTarget("s1"),
          path: paths.user(o),
          destructive: true,
          fresh: (_c, allowed) => (allowed ? newStudent() : once("student", newStudent)),
          refine: usersWith("USER_CREATE", "s1"),
          otherTenant: other(paths.user),
        },
      ],
    },
    "users/[userId]/profile": {
      GET: [
        {
          target: userTarget("s1"),
          path: `${paths.user(o)}/profile`,
          refine: usersWith("USER_LIST", "s1"),
          otherTenant: other((x) => `${paths.user(x)}/profile`),
        },
      ],
      POST: [
        {
          target: userTarget("s1"),
          path: `${paths.user(o)}/profile`,
          body: () => ({ json: { cefr: 6 } }),
          refine: usersWith("USER_CREATE", "s1"),
          otherTenant: other((x) => `${paths.user(x)}/profile`),
        },
      ],
    },
    "users/[userId]/credentials": {
      GET: [
        {
          target: { type: "credential", user: u.s1 },
          path: `${paths.user(o)}/credentials`,
          otherTenant: other((x) => `${paths.user(x)}/credentials`),
        },
      ],
    },
    "users/[userId]/emailauths": {
      POST: [
        {
          target: { type: "credential", user: u.s1 },
          path: `${paths.user(o)}/emailauths`,
          body: () => ({ json: { email: `${uniqueId("m")}@example.org`, password: "matrix-password-1" } }),
          otherTenant: other((x) => `${paths.user(x)}/emailauths`),
        },
      ],
    },
    "users/[userId]/basicauths/[basicauth]": {
      PUT: [
        {
          target: { type: "credential", user: u.s1 },
          path: `${paths.user(o)}/basicauths/${enc(u.s1.username)}`,
          body: () => ({ json: { password: "matrix-password-1" } }),
          destructive: true,
          // The reset revokes the user's tokens: allowed callers each reset a fresh student of O1
          // (the same relations to every caller as S1, which no caller is), refused ones try S1's.
          fresh: async (_c, allowed) => {
            if (!allowed) return { path: `${paths.user(o)}/basicauths/${enc(u.s1.username)}` };
            return { path: await freshStudentLogin() };
          },
          otherTenant: other((x) => `${paths.user(x)}/basicauths/${enc(x.user.username || "nobody")}`),
        },
      ],
    },
    "user/[userId]/emailauths": {
      POST: [
        {
          target: { type: "credential", user: u.s1 },
          path: `/api/user/${enc(u.s1.id)}/emailauths`,
          body: () => ({ json: { email: `${uniqueId("m")}@example.org`, password: "matrix-password-1" } }),
          otherTenant: other((x) => `/api/user/${enc(x.user.id)}/emailauths`),
        },
      ],
    },
    "user/basicauths": {
      POST: [
        {
          target: { type: "own-credential" },
          path: "/api/user/basicauths",
          body: () => ({ json: { username: uniqueId("login"), password: "matrix-password-1" } }),
        },
      ],
    },
    "user/emailauths": {
      POST: [
        {
          target: { type: "own-credential" },
          path: "/api/user/emailauths",
          body: () => ({ json: { email: `${uniqueId("m")}@example.org`, password: "matrix-password-1" } }),
        },
      ],
    },
    "user/basicauths/[basicauth]": {
      DELETE: [
        {
          target: { type: "own-credential" },
          path: "/api/user/basicauths/nobody",
          destructive: true,
          // Allowed callers delete a username they just added; refused ones try to delete the one they sign in with.
          fresh: async (c, allowed) => {
            if (!allowed || !c.token) return { path: `/api/user/basicauths/${enc(c.user?.username ?? "nobody")}` };
            const username = uniqueId("gone");
            await json(
              await w.api.post("/api/user/basicauths", {
                data: { username, password: "matrix-password-1" },
                headers: authed(c.token),
              }),
              201,
              `basicauth of ${c.key}`,
            );
            return { path: `/api/user/basicauths/${enc(username)}` };
          },
        },
      ],
    },
    "user/emailauths/[emailauth]": {
      DELETE: [
        {
          target: { type: "own-credential" },
          path: "/api/user/emailauths/nobody%40example.org",
          destructive: true,
          fresh: async (c, allowed) => {
            if (!allowed || !c.token)
              return { path: `/api/user/emailauths/${enc(c.user?.email || "nobody@example.org")}` };
            const email = `${uniqueId("gone")}@example.org`;
            await json(
              await w.api.post("/api/user/emailauths", {
                data: { email, password: "matrix-password-1" },
                headers: authed(c.token),
              }),
              201,
              `emailauth of ${c.key}`,
            );
            return { path: `/api/user/emailauths/${enc(email)}` };
          },
        },
      ],
    },

    // ---- groups
    groups: {
      GET: [
        {
          target: list,
          path: "/api/groups?perPage=100",
          list: {
            rowId: idRow,
            rows: [
              { id: o.group.id, target: content },
              { id: w.memberGroup, target: content },
              { id: t2.group.id, target: t2Content },
            ],
            byId: (row) => ({ route: "groups/[group]", path: `/api/groups/${enc(String(row.id))}` }),
          },
        },
      ],
      POST: [
        { target: { type: "namespace" }, path: "/api/groups", body: () => ({ json: { name: "Made by the matrix" } }) },
      ],
    },
    "groups/[group]": {
      GET: [{ target: content, path: paths.group(o), otherTenant: other(paths.group) }],
      PUT: [
        {
          target: content,
          path: paths.group(o),
          body: () => ({ json: { name: "Class", categories: [o.category.id] } }),
          otherTenant: other(paths.group),
        },
      ],
    },
    "groups/[group]/reading": {
      GET: [
        {
          target: content,
          policy: "group",
          path: `${paths.group(o)}/reading`,
          otherTenant: other((x) => `${paths.group(x)}/reading`),
          list: {
            rowId: (row) => String(row.id),
            rowsOf: (body) => (body as { students: Record<string, unknown>[] }).students,
            policy: "progress",
            rows: allUsers.map((k) => ({
              id: u[k].id,
              target: submission(k),
              inScope: k === "s1" || k === "s2",
            })),
          },
        },
      ],
    },
    "groups/[group]/reading-bands": {
      PUT: [
        {
          target: content,
          path: `${paths.group(o)}/reading-bands`,
          body: () => ({ json: { bands: [{ name: "Needs support", belowWcpm: 60 }] } }),
          otherTenant: other((x) => `${paths.group(x)}/reading-bands`),
        },
      ],
    },
    "groups/[group]/members": {
      GET: [
        {
          target: content,
          policy: "group",
          path: `${paths.members(o)}?perPage=100`,
          otherTenant: other((x) => `${paths.members(x)}?perPage=100`),
          list: {
            rowId: idRow,
            policy: "user",
            rows: allUsers.map((k) => ({ id: u[k].id, target: userTarget(k), inScope: k === "s1" || k === "s2" })),
            byId: (row) => ({ route: "users/[userId]", path: `/api/users/${enc(String(row.id))}` }),
          },
        },
      ],
      POST: [
        {
          target: content,
          path: paths.members(o),
          body: () => ({ json: { users: [u.s2.id] } }),
          otherTenant: other(paths.members),
        },
      ],
    },
    "groups/[group]/members/[userId]": {
      DELETE: [
        {
          target: content,
          path: `/api/groups/${enc(w.memberGroup)}/members/${enc(u.s2.id)}`,
          destructive: true,
          fresh: (_c, allowed) => (allowed ? newMembership() : once("membership", newMembership)),
          otherTenant: other(paths.member),
        },
      ],
    },

    // ---- roles
    roles: {
      GET: [{ target: { type: "none" }, policy: "role", path: "/api/roles" }],
      POST: [
        {
          target: { type: "namespace" },
          path: "/api/roles",
          body: () => ({
            json: { id: `MATRIX_${randomBytes(4).toString("hex").toUpperCase()}`, permissions: ["USER_LIST"] },
          }),
          refine: topAdminsOnly,
        },
      ],
    },
    "roles/[role]": {
      GET: [{ target: { type: "none" }, policy: "role", path: "/api/roles/STUDENT" }],
      PUT: [
        {
          target: { type: "namespace" },
          path: "/api/roles/STUDENT",
          body: () => ({ json: { permissions: ["USER_LIST"] } }),
          destructive: true,
          fresh: () => once("customRole", newRole),
          refine: topAdminsOnly,
        },
      ],
    },

    // ---- speech challenges and recordings
    "challenges/speech": {
      GET: [
        {
          target: list,
          path: "/api/challenges/speech?perPage=100",
          list: {
            rowId: idRow,
            rows: [speechRow(o.speech.id, "O1"), speechRow(w.o2.speech, "O2"), speechRow(t2.speech.id, "P2")],
            byId: (row) => ({
              route: "challenges/speech/[challenge]",
              path: `/api/challenges/speech/${enc(String(row.id))}`,
            }),
          },
        },
      ],
      POST: [
        {
          target: { type: "namespace" },
          path: "/api/challenges/speech",
          body: () => ({ multipart: { language: "eng", topic: "Made by the matrix" } }),
        },
      ],
    },
    "challenges/speech/[challenge]": {
      GET: [{ target: speechTarget, path: paths.speech(o), otherTenant: other(paths.speech) }],
      PUT: [
        {
          target: speechTarget,
          path: paths.speech(o),
          body: () => ({ json: { topic: "Describe the picture" } }),
          otherTenant: other(paths.speech),
        },
      ],
      DELETE: [
        {
          target: speechTarget,
          path: paths.speech(o),
          destructive: true,
          fresh: (_c, allowed) => (allowed ? newSpeech() : once("speech", newSpeech)),
          otherTenant: other(paths.speech),
        },
      ],
    },
    "challenges/speech/[challenge]/recordings": {
      GET: [
        {
          target: speechTarget,
          policy: "challenge",
          path: `${paths.recordings(o)}?perPage=100`,
          otherTenant: other((x) => `${paths.recordings(x)}?perPage=100`),
          list: {
            rowId: idRow,
            policy: "recording",
            rows: allRecordings.map((r) => ({
              id: r.id,
              target: recordingTarget(r),
              inScope: r.ref.challenge === o.speech.id,
            })),
            byId: (row) => ({
              route: "challenges/speech/[challenge]/recordings/[recording]",
              path: `${paths.recordings(o)}/${enc(String(row.id))}`,
            }),
          },
        },
      ],
      POST: [
        {
          target: { type: "new-submission", place: O1 },
          path: paths.recordings(o),
          body: () => ({ multipart: { audio: wavOf(), resultSetId: uniqueId("rs") } }),
          otherTenant: other(paths.recordings),
        },
        // Appending to S1's result set: only S1 (a set may only be added to by its owner).
        {
          name: "into S1's result set",
          target: submission("s1"),
          path: paths.recordings(o),
          body: () => ({ multipart: { audio: wavOf(), resultSetId: o.recording.resultSet } }),
        },
      ],
    },
    "challenges/speech/[challenge]/recordings/[recording]": {
      GET: [{ target: recordingTarget(o.recording), path: paths.recording(o), otherTenant: other(paths.recording) }],
    },
    recordings: {
      GET: [
        {
          target: list,
          path: "/api/recordings?perPage=100",
          list: {
            rowId: idRow,
            rows: allRecordings.map((r) => ({ id: r.id, target: recordingTarget(r) })),
            byId: (row) => {
              const challenge = (row.challenge as { id: string } | undefined)?.id;
              return challenge
                ? {
                    route: "challenges/speech/[challenge]/recordings/[recording]",
                    path: `/api/challenges/speech/${enc(challenge)}/recordings/${enc(String(row.id))}`,
                  }
                : null;
            },
          },
        },
      ],
    },
    "resultsets/[resultSet]/audio": {
      GET: [
        {
          target: submission("s1"),
          path: `${paths.resultSet(o)}/audio`,
          otherTenant: other((x) => `${paths.resultSet(x)}/audio`),
        },
      ],
    },
    "resultsets/[resultSet]/peaks": {
      GET: [
        {
          target: submission("s1"),
          path: `${paths.resultSet(o)}/peaks`,
          otherTenant: other((x) => `${paths.resultSet(x)}/peaks`),
        },
      ],
    },

    // ---- feedback
    feedback: {
      GET: [
        {
          target: list,
          path: "/api/feedback?perPage=100",
          list: {
            rowId: idRow,
            rows: [
              { id: o.feedback.id, target: submission("s1") },
              { id: w.s2.feedback.id, target: submission("s2") },
              { id: t2.feedback.id, target: t2Submission },
            ],
            byId: (row) => ({ route: "feedback/[id]", path: `/api/feedback/${enc(String(row.id))}` }),
          },
        },
      ],
      POST: [
        {
          target: { type: "new-submission", place: O1 },
          path: "/api/feedback",
          body: () => ({ multipart: feedbackFields(wav, o.speech.id, uniqueId("rs")) }),
        },
        {
          name: "into S1's result set",
          target: submission("s1"),
          path: "/api/feedback",
          body: () => ({ multipart: feedbackFields(wav, o.speech.id, o.recording.resultSet) }),
        },
      ],
    },
    "feedback/[id]": {
      GET: [{ target: submission("s1"), path: paths.feedback(o), otherTenant: other(paths.feedback) }],
    },
    "feedback/[id]/review": {
      GET: [
        {
          target: submission("s1"),
          path: `${paths.feedback(o)}/review`,
          otherTenant: other((x) => `${paths.feedback(x)}/review`),
        },
      ],
    },
    "feedback/[id]/corrections": {
      GET: [
        {
          target: submission("s1"),
          path: `${paths.feedback(o)}/corrections`,
          otherTenant: other((x) => `${paths.feedback(x)}/corrections`),
        },
      ],
      POST: [
        {
          target: submission("s1"),
          path: `${paths.feedback(o)}/corrections`,
          body: () => ({ json: { sentence: 0, word: 0, label: "SW" } }),
          otherTenant: other((x) => `${paths.feedback(x)}/corrections`),
        },
      ],
    },
    "feedback/[id]/recording": {
      POST: [
        {
          target: submission("s1"),
          path: `${paths.feedback(o)}/recording`,
          otherTenant: other((x) => `${paths.feedback(x)}/recording`),
        },
      ],
    },

    // ---- pronunciation challenges and analyses
    "challenges/pronunciation": {
      GET: [
        {
          target: list,
          path: "/api/challenges/pronunciation?perPage=100",
          list: {
            rowId: idRow,
            rows: [speechRow(o.pronunciation.id, "O1"), speechRow(t2.pronunciation.id, "P2")],
            byId: (row) => ({
              route: "challenges/pronunciation/[challenge]",
              path: `/api/challenges/pronunciation/${enc(String(row.id))}`,
            }),
          },
        },
      ],
      POST: [
        {
          target: { type: "namespace" },
          path: "/api/challenges/pronunciation",
          body: () => ({
            multipart: { transcription: "Made by the matrix.", language: "eng", referenceAudio: wavOf() },
          }),
        },
      ],
    },
    "challenges/pronunciation/[challenge]": {
      GET: [{ target: content, path: paths.pronunciation(o), otherTenant: other(paths.pronunciation) }],
      PUT: [
        {
          target: content,
          path: paths.pronunciation(o),
          body: () => ({ json: { transcription: "The cat sits on the mat." } }),
          otherTenant: other(paths.pronunciation),
        },
      ],
      DELETE: [
        {
          target: content,
          path: paths.pronunciation(o),
          destructive: true,
          fresh: (_c, allowed) => (allowed ? newPronunciation() : once("pronunciation", newPronunciation)),
          otherTenant: other(paths.pronunciation),
        },
      ],
    },
    "challenges/pronunciation/[challenge]/analyses": {
      GET: [
        {
          target: content,
          policy: "challenge",
          path: `${paths.analyses(o)}?perPage=100`,
          otherTenant: other((x) => `${paths.analyses(x)}?perPage=100`),
          list: {
            rowId: idRow,
            policy: "submission",
            rows: [
              { id: o.analysis.id, target: submission("s1") },
              { id: w.s2.analysis.id, target: submission("s2") },
              { id: t2.analysis.id, target: t2Submission, inScope: false },
            ],
            byId: (row) => ({
              route: "challenges/pronunciation/[challenge]/analyses/[analysis]",
              path: `${paths.analyses(o)}/${enc(String(row.id))}`,
            }),
          },
        },
      ],
      POST: [
        {
          target: { type: "new-submission", place: O1 },
          path: paths.analyses(o),
          body: () => ({ multipart: { audio: wavOf() } }),
          otherTenant: other(paths.analyses),
        },
      ],
    },
    "challenges/pronunciation/[challenge]/analyses/[analysis]": {
      GET: [{ target: submission("s1"), path: paths.analysis(o), otherTenant: other(paths.analysis) }],
    },

    // ---- choice challenges and recognitions
    "challenges/choice": {
      GET: [
        {
          target: list,
          path: "/api/challenges/choice?perPage=100",
          list: {
            rowId: idRow,
            rows: [speechRow(o.choice.id, "O1"), speechRow(w.choice2, "O1"), speechRow(t2.choice.id, "P2")],
            byId: (row) => ({
              route: "challenges/choice/[challenge]",
              path: `/api/challenges/choice/${enc(String(row.id))}`,
            }),
          },
        },
      ],
      POST: [
        {
          target: { type: "namespace" },
          path: "/api/challenges/choice",
          body: () => ({ multipart: { choices: ["Up", "Down"], language: "eng" } }),
        },
      ],
    },
    "challenges/choice/[challenge]": {
      GET: [{ target: content, path: paths.choice(o), otherTenant: other(paths.choice) }],
      // An update re-prepares the challenge: PUTs go to the second one, so recognitions keep a prepared challenge.
      PUT: [
        {
          target: content,
          path: `/api/challenges/choice/${enc(w.choice2)}`,
          body: () => ({ json: { question: "Left or right?" } }),
          otherTenant: other(paths.choice),
        },
      ],
      DELETE: [
        {
          target: content,
          path: paths.choice(o),
          destructive: true,
          fresh: (_c, allowed) => (allowed ? newChoice() : once("choice", newChoice)),
          otherTenant: other(paths.choice),
        },
      ],
    },
    "challenges/choice/[challenge]/preparation": {
      GET: [
        {
          target: content,
          path: paths.preparation(o),
          refine: administratorsOnly("the preparation view is for administrators (the policy says member)"),
          otherTenant: other(paths.preparation),
        },
      ],
    },
    "challenges/choice/[challenge]/recognitions": {
      GET: [
        {
          target: content,
          policy: "challenge",
          path: `${paths.recognitions(o)}?perPage=100`,
          otherTenant: other((x) => `${paths.recognitions(x)}?perPage=100`),
          list: {
            rowId: idRow,
            policy: "submission",
            rows: [
              { id: o.recognition.id, target: submission("s1") },
              { id: w.s2.recognition.id, target: submission("s2") },
              { id: t2.recognition.id, target: t2Submission, inScope: false },
            ],
            byId: (row) => ({
              route: "challenges/choice/[challenge]/recognitions/[recognition]",
              path: `${paths.recognitions(o)}/${enc(String(row.id))}`,
            }),
          },
        },
      ],
      POST: [
        {
          target: { type: "new-submission", place: O1 },
          path: paths.recognitions(o),
          body: () => ({ multipart: { audio: wavOf() } }),
          otherTenant: other(paths.recognitions),
        },
      ],
    },
    "challenges/choice/[challenge]/recognitions/[recognition]": {
      GET: [{ target: submission("s1"), path: paths.recognition(o), otherTenant: other(paths.recognition) }],
    },

    // ---- categories and progress
    categories: {
      GET: [
        {
          target: list,
          path: "/api/categories?perPage=100",
          list: {
            rowId: idRow,
            rows: [
              { id: o.category.id, target: content },
              { id: o.childCategory.id, target: content, inScope: false },
              { id: t2.category.id, target: t2Content },
            ],
            byId: (row) => ({ route: "categories/[category]", path: `/api/categories/${enc(String(row.id))}` }),
          },
        },
      ],
      POST: [
        {
          target: { type: "namespace" },
          path: "/api/categories",
          body: () => ({ json: { name: "Made by the matrix" } }),
        },
      ],
    },
    "categories/[category]": {
      GET: [{ target: content, path: paths.category(o), otherTenant: other(paths.category) }],
      PUT: [
        {
          target: content,
          path: paths.category(o),
          body: () => ({ json: { name: "Top" } }),
          otherTenant: other(paths.category),
        },
      ],
    },
    "categories/[category]/categories": {
      GET: [
        {
          target: content,
          path: `${paths.children(o)}?perPage=100`,
          otherTenant: other((x) => `${paths.children(x)}?perPage=100`),
          list: {
            rowId: idRow,
            rows: [
              { id: o.childCategory.id, target: content },
              { id: o.category.id, target: content, inScope: false },
              { id: t2.childCategory.id, target: t2Content, inScope: false },
            ],
            byId: (row) => ({ route: "categories/[category]", path: `/api/categories/${enc(String(row.id))}` }),
          },
        },
      ],
    },
    "categories/[category]/progress": {
      GET: [
        {
          target: content,
          policy: "category",
          path: paths.progress(o),
          otherTenant: other(paths.progress),
          list: {
            rowId: (row) => String((row.user as { id: string }).id),
            policy: "progress",
            rows: allUsers.map((k) => ({
              id: u[k].id,
              target: submission(k),
              inScope: k === "s1" || k === "s2",
            })),
          },
        },
      ],
    },
    "categories/[category]/progress/grid": {
      GET: [
        {
          target: content,
          policy: "category",
          path: paths.progressGrid(o),
          otherTenant: other(paths.progressGrid),
          list: {
            rowId: (row) => String(row.id),
            rowsOf: (body) => (body as { students: Record<string, unknown>[] }).students,
            policy: "progress",
            rows: allUsers.map((k) => ({
              id: u[k].id,
              target: submission(k),
              inScope: k === "s1" || k === "s2",
            })),
          },
        },
      ],
    },
    // One cell of the grid: the student's own, or anyone's for those who see the whole organisation.
    "categories/[category]/progress/cell": {
      GET: [
        {
          target: submission("s1"),
          policy: "progress",
          path: paths.progressCell(o),
          otherTenant: other(paths.progressCell),
        },
      ],
    },

    // ---- assignments and annotations
    assignments: {
      GET: [
        {
          target: list,
          path: "/api/assignments?perPage=100",
          refine: annotatorsOrAdministrators("ASSIGNMENT_LIST"),
          list: {
            rowId: idRow,
            rows: [
              { id: String(o.assignment.id), target: assignment },
              {
                id: String(w.tenantAssignment),
                target: { type: "assignment", place: O1, annotators: ["tenantFull"], full: ["tenantFull"] },
              },
              { id: String(t2.assignment.id), target: t2Assignment },
            ],
            byId: (row) => ({ route: "assignment/[assignment]", path: `/api/assignment/${row.id}` }),
          },
        },
      ],
      POST: [
        {
          target: assignment,
          path: "/api/assignments",
          body: () => ({
            json: { name: "Made by the matrix", fullAnnotator: u.fullAssigned.id, recordings: [o.recording.ref] },
          }),
        },
        // A recording of O2 in the body: administrators of O2's reach only (O1's read it as missing: 422).
        {
          name: "O2's recording",
          target: recordingTarget(w.o2.recording),
          policy: "assignment",
          path: "/api/assignments",
          body: () => ({
            json: { name: "Made by the matrix", fullAnnotator: u.tenantFull.id, recordings: [w.o2.recording.ref] },
          }),
        },
      ],
    },
    "assignments/[assignment]": {
      GET: [{ target: assignment, path: paths.assignments(o), otherTenant: other(paths.assignments) }],
      PUT: [
        {
          target: assignment,
          path: paths.assignments(o),
          body: () => ({ json: { name: "Matrix" } }),
          otherTenant: other(paths.assignments),
        },
      ],
      DELETE: [
        {
          target: assignment,
          path: paths.assignments(o),
          destructive: true,
          fresh: (_c, allowed) => (allowed ? newAssignment() : once("assignment", newAssignment)),
          otherTenant: other(paths.assignments),
        },
      ],
    },
    "assignment/[assignment]": {
      GET: [{ target: assignment, path: paths.assignment(o), otherTenant: other(paths.assignment) }],
    },
    annotations: {
      GET: [
        {
          target: list,
          path: "/api/annotations?perPage=100",
          refine: annotatorsOrAdministrators("ANNOTATION_LIST"),
          list: {
            rowId: idRow,
            rows: [
              { id: String(o.annotation.id), target: assignment },
              { id: String(t2.annotation.id), target: t2Assignment },
            ],
            byId: (row) => ({ route: "annotation/[annotation]", path: `/api/annotation/${row.id}` }),
          },
        },
      ],
      POST: [{ target: assignment, path: "/api/annotations", body: annotationBody }],
    },
    "annotations/[annotation]": {
      GET: [{ target: assignment, path: paths.annotations(o), otherTenant: other(paths.annotations) }],
      PUT: [
        {
          target: assignment,
          path: paths.annotations(o),
          body: () => ({ json: { fragments: [{ start: 0, end: 0.2, labels: [{ layer: "Words", label: "the" }] }] } }),
          otherTenant: other(paths.annotations),
        },
      ],
    },
    "annotations/[annotation]/revisions": {
      GET: [
        {
          target: assignment,
          path: `${paths.annotations(o)}/revisions`,
          otherTenant: other((x) => `${paths.annotations(x)}/revisions`),
        },
      ],
    },
    "annotation/[annotation]": {
      GET: [{ target: assignment, path: paths.annotation(o), otherTenant: other(paths.annotation) }],
      PUT: [
        {
          target: assignment,
          path: paths.annotation(o),
          body: () => ({ json: { fragments: [{ start: 0, end: 0.2, labels: [{ layer: "Words", label: "the" }] }] } }),
          otherTenant: other(paths.annotation),
        },
      ],
    },
    "annotation/[annotation]/export": {
      GET: [
        {
          target: assignment,
          path: `${paths.annotation(o)}/export?format=json`,
          otherTenant: other((x) => `${paths.annotation(x)}/export?format=json`),
        },
      ],
    },
    "annotation/[annotation]/import": {
      POST: [
        {
          target: assignment,
          path: `${paths.annotation(o)}/import`,
          body: () => ({
            multipart: { file: { buffer: w.annotationTextGrid, name: "import.TextGrid", mimeType: "text/plain" } },
          }),
          otherTenant: other((x) => `${paths.annotation(x)}/import`),
        },
      ],
    },

    // ---- label schemes and reference annotations
    "organisations/[organisation]/annotation-scheme": {
      GET: [{ target: speechTarget, path: paths.scheme(o), refine: throughTenant, otherTenant: other(paths.scheme) }],
      PUT: [
        {
          target: speechTarget,
          path: paths.scheme(o),
          body: () => ({ json: { layers: w.schemeLayers } }),
          refine: throughTenant,
          otherTenant: other(paths.scheme),
        },
      ],
      DELETE: [
        {
          target: speechTarget,
          path: paths.scheme(o),
          destructive: true,
          refine: throughTenant,
          otherTenant: other(paths.scheme),
        },
      ],
    },
    "organisations/[organisation]/challenges/speech/[challenge]/recordings/[recording]/reference": {
      GET: [
        {
          target: recordingTarget(o.recording),
          path: paths.reference(o),
          refine: throughTenant,
          otherTenant: other(paths.reference),
        },
      ],
      PUT: [
        {
          target: recordingTarget(o.recording),
          path: paths.reference(o),
          body: () => ({ json: { annotations: [{ start: 0, end: 0.2, labels: [{ layer: "Words", label: "the" }] }] } }),
          refine: throughTenant,
          otherTenant: other(paths.reference),
        },
      ],
    },
    "organisations/[organisation]/challenges/speech/[challenge]/recordings/[recording]/context": {
      GET: [
        {
          target: recordingTarget(o.recording),
          path: `${paths.reference(o).replace(/\/reference$/, "")}/context`,
          refine: throughTenant,
          otherTenant: other((x) => `${paths.reference(x).replace(/\/reference$/, "")}/context`),
        },
      ],
    },
    "organisations/[organisation]/challenges/speech/[challenge]/recordings/[recording]/reference/export": {
      GET: [
        {
          target: recordingTarget(o.recording),
          path: `${paths.reference(o)}/export?format=json`,
          refine: throughTenant,
          otherTenant: other((x) => `${paths.reference(x)}/export?format=json`),
        },
      ],
    },
    "organisations/[organisation]/challenges/speech/[challenge]/recordings/[recording]/reference/import": {
      POST: [
        {
          target: recordingTarget(o.recording),
          path: `${paths.reference(o)}/import`,
          body: () => ({
            multipart: { file: { buffer: w.referenceTextGrid, name: "import.TextGrid", mimeType: "text/plain" } },
          }),
          refine: throughTenant,
          otherTenant: other((x) => `${paths.reference(x)}/import`),
        },
      ],
    },

    // ---- downloads: every ...Url of S1's objects and of O1's challenges
    "download/[file]": {
      GET: [
        download(
          "recording audio",
          o.recording.audioUrl,
          recordingTarget(o.recording),
          "recording",
          t2.recording.audioUrl,
          miss.recording.audioUrl,
        ),
        download(
          "recording peaks",
          o.annotation.peaksUrl,
          recordingTarget(o.recording),
          "recording",
          t2.annotation.peaksUrl,
          miss.annotation.peaksUrl,
        ),
        download(
          "normalised recording audio",
          o.annotation.normalisedAudioUrl,
          recordingTarget(o.recording),
          "recording",
          t2.annotation.normalisedAudioUrl,
          miss.annotation.normalisedAudioUrl,
        ),
        download(
          "feedback audio",
          o.feedback.audioUrl,
          submission("s1"),
          "submission",
          t2.feedback.audioUrl,
          miss.feedback.audioUrl,
        ),
        download(
          "analysis audio",
          o.analysis.audioUrl,
          submission("s1"),
          "submission",
          t2.analysis.audioUrl,
          miss.analysis.audioUrl,
        ),
        download(
          "recognition audio",
          o.recognition.audioUrl,
          submission("s1"),
          "submission",
          t2.recognition.audioUrl,
          miss.recognition.audioUrl,
        ),
        download(
          "speech challenge reference audio",
          o.speech.referenceAudioUrl,
          speechTarget,
          "file",
          t2.speech.referenceAudioUrl,
          miss.speech.referenceAudioUrl,
        ),
        download(
          "pronunciation challenge reference audio",
          o.pronunciation.referenceAudioUrl,
          content,
          "challenge",
          t2.pronunciation.referenceAudioUrl,
          miss.pronunciation.referenceAudioUrl,
        ),
      ],
    },
    // ---- waveform peaks of a recording's audio (made on first request): whoever may download the audio
    "download/[file]/peaks": {
      GET: [
        download(
          "recording peaks",
          `${o.recording.audioUrl}/peaks`,
          recordingTarget(o.recording),
          "recording",
          `${t2.recording.audioUrl}/peaks`,
          `${miss.recording.audioUrl}/peaks`,
        ),
      ],
    },
    // ---- spectrogram tiles of a recording's audio: whoever may download the audio
    "download/[file]/spectrogram": {
      GET: [
        download(
          "recording spectrogram",
          `${o.recording.audioUrl}/spectrogram?tile=0`,
          recordingTarget(o.recording),
          "recording",
          `${t2.recording.audioUrl}/spectrogram?tile=0`,
          `${miss.recording.audioUrl}/spectrogram?tile=0`,
        ),
      ],
    },
  };
  return entries;
}
