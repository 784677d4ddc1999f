// The authorization matrix's world (e2e/api/authorization-matrix.spec.ts): one seeding per run,
// through the API with real spoken audio, and the fixture that declares, once, how each caller
// kind relates to each seeded object — which audiences of lib/policies/table.ts it belongs to.
//
//   T1 ─ O1: organisation admin (ORGANISATION), TEACHER, STUDENT S1 (owns the submissions),
//   │        STUDENT S2, ANNOTATOR_BASE / ANNOTATOR_FULL assigned to S1's recording, and an
//   │        ANNOTATOR_BASE / ANNOTATOR_FULL assigned nothing; STUDENT S3 (no caller: impersonated)
//   ├─ O2: a STUDENT (and a recording of theirs)
//   └─ tenant-level users: TENANT, STUDENT, TEACHER, ANNOTATOR_FULL (assigned S1's recording by
//      the tenant), ANNOTATOR_BASE
//   T2 ─ P2: a STUDENT, an ANNOTATOR_FULL and the same kinds of object as O1
//
// Users sign in with their own password (so the person behind each token is the user itself);
// the tenant and organisation principals are impersonated from the top-level admin.
import { randomBytes } from "node:crypto";
import { type APIRequestContext, type APIResponse, expect } from "@playwright/test";
import { ADMIN_ROLES_BY_LEVEL, type Permission, permissionsOf } from "../../lib/permissions/catalog";
import { type Audience, POLICIES, type PolicyName } from "../../lib/policies/table";
import { adminToken, authed, impersonate, passwordToken, uniqueId } from "./api";
import { testAudio, uniqueWav, wavPart } from "./audio";
import { encodeMultipart, type MultipartFields } from "./multipart";

// ---------------------------------------------------------------------------------------------
// Callers

export const CALLER_KEYS = [
  "admin",
  "tenant",
  "tenantAdmin",
  "tenantStudent",
  "tenantTeacher",
  "tenantFull",
  "tenantBase",
  "org",
  "orgAdmin",
  "teacher",
  "s1",
  "s2",
  "baseAssigned",
  "fullAssigned",
  "baseUnassigned",
  "fullUnassigned",
  "o2Student",
  "t2Student",
  "none",
  "revoked",
  "garbage",
] as const;
export type CallerKey = (typeof CALLER_KEYS)[number];

export type Level = "top" | "tenant" | "organisation";
export type TenantKey = "T1" | "T2";
export type OrgKey = "O1" | "O2" | "P2";

/** A user of the world: where it lives and its roles. */
export type UserDesc = {
  key: string;
  id: string;
  level: Level;
  tenant: TenantKey | null;
  org: OrgKey | null;
  roles: string[];
  username: string;
  password: string;
  email: string;
};

export type Caller = {
  key: CallerKey;
  label: string;
  /** "anonymous": no valid token at all (none, revoked, garbage). */
  kind: "user" | "tenant" | "organisation" | "anonymous";
  level: Level | null;
  tenant: TenantKey | null;
  org: OrgKey | null;
  /** The roles it acts with (a tenant or organisation acting as itself holds the role of that name). */
  roles: string[];
  user: UserDesc | null;
  /** Who signed in: the user itself, or the top-level admin (tenant and organisation principals). */
  actor: "self" | "top-admin" | null;
  /** The bearer token, or null for no Authorization header. */
  token: string | null;
  /** A new token of the same kind (for requests that revoke their own token). */
  mint: () => Promise<string | null>;
};

export const validToken = (c: Caller) => c.kind !== "anonymous";

export function permissionsOfCaller(c: Caller): Set<Permission> {
  return validToken(c) ? permissionsOf(c.roles) : new Set();
}

export function isAdministrator(c: Caller): boolean {
  if (!validToken(c) || !c.level) return false;
  return c.kind !== "user" || c.roles.some((r) => ADMIN_ROLES_BY_LEVEL[c.level!].includes(r));
}

const RANK: Record<Level, number> = { top: 0, tenant: 1, organisation: 2 };

type Person = { key: string; level: Level; tenant: TenantKey | null; org: OrgKey | null; roles: string[] };

const hasAdminRole = (p: Person) => p.roles.some((r) => ADMIN_ROLES_BY_LEVEL[p.level].includes(r));

/** The person who signed in behind the caller's token. */
function actorOf(c: Caller): Person | null {
  if (c.actor === "top-admin") return { key: "admin", level: "top", tenant: null, org: null, roles: ["ADMIN"] };
  if (c.actor === "self" && c.user) return c.user;
  return null;
}

/** Whether the signed-in person behind `c` ranks above user `t` (an administrator of a higher level, or of the same level over a non-administrator). */
function actorOutranks(c: Caller, t: Person): boolean {
  const a = actorOf(c);
  if (!a || a.key === t.key || !hasAdminRole(a)) return false;
  if (RANK[t.level] < RANK[a.level]) return false;
  if (a.level === "tenant" && t.tenant !== a.tenant) return false;
  if (a.level === "organisation" && t.org !== a.org) return false;
  return RANK[t.level] > RANK[a.level] || !hasAdminRole(t);
}

/** The caller acts in the namespace the user lives in (users are seen from their own namespace). */
const actsIn = (c: Caller, u: Person) =>
  validToken(c) && c.level === u.level && c.tenant === u.tenant && c.org === u.org;

/** Credentials of the caller's own account: administrators signed in themselves, or a user impersonated by someone who outranks it. */
function ownCredentials(c: Caller): boolean {
  if (c.kind !== "user" || !c.user) return false;
  return c.actor === "self" ? isAdministrator(c) : actorOutranks(c, c.user);
}

// ---------------------------------------------------------------------------------------------
// Targets: what a request touches, and so which audiences a caller is in

export type Place = { tenant: TenantKey; org: OrgKey };

export type Target =
  /** Public routes: no object. */
  | { type: "none" }
  /** A list of the caller's own reach: judged row by row (ListSpec in matrix-routes.ts), not as a whole. */
  | { type: "list" }
  /** The caller's own token. */
  | { type: "token" }
  | { type: "tenant"; tenant: TenantKey }
  | { type: "organisation"; place: Place }
  /** A user row (users live in the namespace of their level and are seen from there). */
  | { type: "user"; user: UserDesc }
  /** The caller's own user row. */
  | { type: "own-user" }
  /** A new row in the caller's own namespace (users, groups, categories, challenges created there). */
  | { type: "namespace" }
  /** A row of an organisation: challenges, categories, groups, label schemes (`annotators`: named on an assignment holding one of its recordings). */
  | { type: "content"; place: Place; annotators?: string[] }
  /** A submission the caller makes (it becomes the owner) in `place`. */
  | { type: "new-submission"; place: Place }
  /** A submission (recording, result set, feedback, analysis, recognition) of `owner`; a recording also of its annotators. */
  | { type: "submission"; place: Place; owner: string; annotators?: string[]; full?: string[] }
  | { type: "assignment"; place: Place; annotators: string[]; full: string[] }
  /** The credentials of a user. */
  | { type: "credential"; user: UserDesc }
  /** The credentials of the caller's own account. */
  | { type: "own-credential" };

/** The administrators whose reach covers a row of `place`: a top-level admin everything, a tenant its organisations, an organisation its own. */
function reaches(c: Caller, place: Place): boolean {
  if (!isAdministrator(c)) return false;
  if (c.level === "top") return true;
  if (c.level === "tenant") return c.tenant === place.tenant;
  return c.tenant === place.tenant && c.org === place.org;
}

const memberOf = (c: Caller, place: Place) =>
  validToken(c) && c.level === "organisation" && c.tenant === place.tenant && c.org === place.org;

/** The audiences (lib/policies/table.ts) the caller belongs to for the target. */
export function audiences(c: Caller, t: Target): Set<Audience> {
  const out = new Set<Audience>();
  if (!validToken(c)) return out;
  out.add("anyone");
  const me = c.user?.key;
  switch (t.type) {
    case "none":
    case "list":
      break;
    case "token":
      out.add("self");
      break;
    case "tenant":
      if (isAdministrator(c) && (c.level === "top" || (c.level === "tenant" && c.tenant === t.tenant)))
        out.add("admin");
      break;
    case "organisation":
    case "content":
    case "submission":
    case "assignment":
    case "new-submission": {
      if (reaches(c, t.place)) out.add("admin");
      if (memberOf(c, t.place)) out.add("member");
      if (c.kind === "user" && memberOf(c, t.place) && c.roles.includes("TEACHER")) out.add("staff");
      if (t.type === "new-submission" && c.kind === "user" && memberOf(c, t.place)) out.add("owner");
      if (t.type === "submission" && me === t.owner) out.add("owner");
      if (
        (t.type === "submission" || t.type === "assignment" || t.type === "content") &&
        me &&
        t.annotators?.includes(me)
      )
        out.add("annotator");
      if ((t.type === "submission" || t.type === "assignment") && me && t.full?.includes(me)) out.add("full");
      break;
    }
    case "user":
      if (isAdministrator(c) && actsIn(c, t.user)) out.add("admin");
      if (actsIn(c, t.user)) out.add("member");
      if (me === t.user.key) out.add("self");
      break;
    case "own-user":
      if (c.user) {
        out.add("self");
        out.add("member");
        if (isAdministrator(c)) out.add("admin");
      }
      break;
    case "namespace":
      out.add("member");
      if (isAdministrator(c)) out.add("admin");
      break;
    case "credential":
      if (isAdministrator(c) && actsIn(c, t.user) && actorOutranks(c, t.user)) out.add("outranks");
      if (me === t.user.key && ownCredentials(c)) out.add("self");
      break;
    case "own-credential":
      if (ownCredentials(c)) out.add("self");
      break;
  }
  return out;
}

/** Whether the caller is in the policy's audience for the target (`sees` for reads, `changes` for writes). */
export function inAudience(c: Caller, policy: PolicyName, read: boolean, t: Target): boolean {
  if (t.type === "list") return validToken(c);
  const allowed: readonly Audience[] = read ? POLICIES[policy].sees : POLICIES[policy].changes;
  const mine = audiences(c, t);
  return allowed.some((a) => mine.has(a));
}

// ---------------------------------------------------------------------------------------------
// Seeded objects

export type RecordingRef = { tenant: string; organisation: string; challenge: string; recording: string };
export type Rec = { id: string; ref: RecordingRef; resultSet: string; audioUrl: string; owner: string };

/** The same kinds of object in one organisation (O1, or P2 of the other tenant). */
export type Objects = {
  place: Place;
  orgId: string;
  speech: { id: string; referenceAudioUrl: string };
  recording: Rec;
  feedback: { id: string; audioUrl: string };
  pronunciation: { id: string; referenceAudioUrl: string };
  analysis: { id: string; audioUrl: string };
  choice: { id: string };
  recognition: { id: string; audioUrl: string };
  category: { id: string };
  childCategory: { id: string };
  group: { id: string };
  assignment: { id: number };
  annotation: { id: number; peaksUrl: string; normalisedAudioUrl: string };
  /** A user of the organisation (for user and credential routes). */
  user: UserDesc;
};

export type World = {
  api: APIRequestContext;
  baseURL: string;
  /** The worker's spoken WAV (uploads make each copy unique). */
  wav: Buffer;
  tenants: Record<TenantKey, string>;
  orgs: Record<OrgKey, string>;
  users: Record<string, UserDesc>;
  callers: Record<CallerKey, Caller>;
  /** O1's objects (S1 owns the submissions) and T2's (P2). */
  o1: Objects;
  t2: Objects;
  /** O1's further rows, for lists: S2's submissions, the annotation pool, a child category, ... */
  s2: { recording: Rec; feedback: { id: string }; analysis: { id: string }; recognition: { id: string } };
  o2: { speech: string; recording: Rec };
  /** An assignment of S1's recording to the tenant-level ANNOTATOR_FULL. */
  tenantAssignment: number;
  /** S1's recordings of the assignment that are not annotated yet: one per allowed POST /annotations. */
  pool: Rec[];
  /** A recording no allowed caller annotates: the target of refused POST /annotations. */
  spare: Rec;
  /** A second choice challenge of O1, for PUTs (an update re-prepares it). */
  choice2: string;
  /** A group of O1 with S2 in it, for refused member removals. */
  memberGroup: string;
  /** The default label scheme's layers (PUT sends them back unchanged). */
  schemeLayers: unknown[];
  /** A TextGrid exported from S1's annotation and from its reference annotation (import bodies). */
  annotationTextGrid: Buffer;
  referenceTextGrid: Buffer;
  /** The token principals of the organisations and tenants, for seeding fresh objects. */
  principals: { admin: string; t1: string; o1: string; o2: string; t2: string; p2: string };
};

// ---------------------------------------------------------------------------------------------
// Seeding helpers

export async function json<T>(response: APIResponse, status: number | number[], what: string): Promise<T> {
  const text = await response.text();
  const ok = Array.isArray(status) ? status.includes(response.status()) : response.status() === status;
  expect(ok, `${what}: ${response.url()} answered ${response.status()}: ${text.slice(0, 500)}`).toBe(true);
  return (text ? JSON.parse(text) : null) as T;
}

export async function multipart(
  api: APIRequestContext,
  method: "POST" | "PUT",
  url: string,
  fields: MultipartFields,
  token: string | null,
): Promise<APIResponse> {
  const { body, contentType } = await encodeMultipart(fields);
  return api.fetch(url, {
    method,
    data: body,
    headers: { ...(token ? authed(token) : {}), "content-type": contentType },
  });
}

/** Runs `tasks` with at most `limit` at a time; results in order. */
export async function pool<T>(limit: number, tasks: (() => Promise<T>)[]): Promise<T[]> {
  const out: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      out[i] = await tasks[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return out;
}

export const randomToken = () => randomBytes(32).toString("base64url");

const orgScope = (t: string, o: string) => `tenant/${t}/organisation/${o}`;

type Parent = { token: string; level: Level; tenant: TenantKey | null; org: OrgKey | null; scope: string };

/** A user created by `parent` (a tenant or organisation principal) with a password credential, a profile and an email address. */
async function newUser(
  api: APIRequestContext,
  parent: Parent,
  key: string,
  roles: string[],
  ids: { tenant: string | null; org: string | null },
): Promise<UserDesc> {
  const created = await json<{ id: string }>(
    await api.post("/api/users", {
      data: { firstName: key, infix: null, lastName: "Matrix", roles },
      headers: authed(parent.token),
    }),
    201,
    `create user ${key}`,
  );
  const id = created.id;
  const userScope = parent.level === "tenant" ? `${parent.scope}/user/${id}` : `${parent.scope}/student/${id}`;
  const as = await impersonate(api, parent.token, userScope);
  const username = uniqueId(key.toLowerCase());
  const password = `pw-${randomBytes(9).toString("hex")}`;
  await json(
    await api.post("/api/user/basicauths", { data: { username, password }, headers: authed(as) }),
    201,
    `basicauth of ${key}`,
  );
  const email = `${uniqueId(key.toLowerCase())}@example.org`;
  await json(
    await api.post(`/api/users/${id}/emailauths`, {
      data: { email, password: `${password}-mail` },
      headers: authed(parent.token),
    }),
    201,
    `emailauth of ${key}`,
  );
  await json(
    await api.post(`/api/users/${id}/profile`, {
      data: { birthYear: 2001, gender: "x", country: "NL", language: "eng", cefr: 3 },
      headers: authed(parent.token),
    }),
    201,
    `profile of ${key}`,
  );
  void ids;
  return { key, id, level: parent.level, tenant: parent.tenant, org: parent.org, roles, username, password, email };
}

/** The scope a user signs in with by username. */
function signInScope(u: UserDesc, tenants: Record<TenantKey, string>, orgs: Record<OrgKey, string>): string {
  if (u.level === "tenant") return `tenant/${tenants[u.tenant!]}/user/${u.username}`;
  return `tenant/${tenants[u.tenant!]}/organisation/${orgs[u.org!]}/user/${u.username}`;
}

/** Waits (≤ 60 s) until a choice challenge has been prepared. */
async function preparedChoice(api: APIRequestContext, token: string, id: string): Promise<void> {
  await expect
    .poll(
      async () =>
        (
          await json<{ status: string }>(
            await api.get(`/api/challenges/choice/${id}`, { headers: authed(token) }),
            200,
            "choice challenge",
          )
        ).status,
      {
        message: `choice challenge ${id} is prepared`,
        timeout: 60_000,
        intervals: [200, 500, 1000],
      },
    )
    .toBe("prepared");
}

const SENTENCE = JSON.stringify({
  sentence: 0,
  errors: 0,
  confidence: 0.9,
  currentFrame: 1,
  eosFrame: 2,
  sessionId: "s",
  tokenType: "sentence",
  // One word, so that a correction (POST /feedback/:id/corrections) has something to correct.
  words: [
    {
      sentenceIndex: 0,
      textIndex: 0,
      expected: "the",
      recognized: "the",
      label: "CW",
      description: "Correct",
      explanation: "",
      startTiming: 0,
      endTiming: 300,
    },
  ],
});

export const feedbackFields = (audio: Buffer, challengeId: string, resultSetId: string): MultipartFields => ({
  audio: wavPart(uniqueWav(audio)),
  challengeId,
  resultSetId,
  sentences: [SENTENCE],
});

async function recording(
  api: APIRequestContext,
  token: string,
  owner: string,
  place: { tenant: string; org: string },
  challenge: string,
  wav: Buffer,
): Promise<Rec> {
  const resultSet = uniqueId("rs");
  const created = await json<{ id: string; audioUrl: string }>(
    await multipart(
      api,
      "POST",
      `/api/challenges/speech/${challenge}/recordings`,
      { audio: wavPart(uniqueWav(wav)), resultSetId: resultSet },
      token,
    ),
    201,
    `recording of ${owner}`,
  );
  return {
    id: created.id,
    audioUrl: created.audioUrl,
    resultSet,
    owner,
    ref: { tenant: place.tenant, organisation: place.org, challenge, recording: created.id },
  };
}

/** One organisation's objects: challenges of each kind, submissions of `student`, a category tree, a group, an assignment with an annotation and a reference annotation. */
async function objects(
  api: APIRequestContext,
  o: {
    place: Place;
    tenantId: string;
    orgId: string;
    orgToken: string;
    student: UserDesc;
    studentToken: string;
    base: UserDesc | null;
    full: UserDesc;
    user: UserDesc;
    groupMembers: string[];
  },
  wav: Buffer,
): Promise<Objects & { extraRecordings: (n: number) => Promise<Rec[]> }> {
  const org = o.orgToken;
  const where = { tenant: o.tenantId, org: o.orgId };
  const [speech, pronunciation, choice] = await Promise.all([
    json<{ id: string; referenceAudioUrl: string }>(
      await multipart(
        api,
        "POST",
        "/api/challenges/speech",
        { language: "eng", topic: "Describe the picture", referenceAudio: wavPart(uniqueWav(wav)) },
        org,
      ),
      201,
      "speech challenge",
    ),
    json<{ id: string; referenceAudioUrl: string }>(
      await multipart(
        api,
        "POST",
        "/api/challenges/pronunciation",
        { transcription: "The cat sits on the mat.", language: "eng", referenceAudio: wavPart(uniqueWav(wav)) },
        org,
      ),
      201,
      "pronunciation challenge",
    ),
    json<{ id: string }>(
      await multipart(api, "POST", "/api/challenges/choice", { choices: ["Yes", "No"], language: "eng" }, org),
      202,
      "choice challenge",
    ),
  ]);
  const [rec, analysis, prepared] = await Promise.all([
    recording(api, o.studentToken, o.student.key, where, speech.id, wav),
    json<{ id: string; audioUrl: string }>(
      await multipart(
        api,
        "POST",
        `/api/challenges/pronunciation/${pronunciation.id}/analyses`,
        { audio: wavPart(uniqueWav(wav)) },
        o.studentToken,
      ),
      201,
      "analysis",
    ),
    preparedChoice(api, org, choice.id),
  ]);
  void prepared;
  const [feedback, recognition] = await Promise.all([
    json<{ id: string; audioUrl: string }>(
      await multipart(api, "POST", "/api/feedback", feedbackFields(wav, speech.id, rec.resultSet), o.studentToken),
      201,
      "feedback",
    ),
    json<{ id: string; audioUrl: string }>(
      await multipart(
        api,
        "POST",
        `/api/challenges/choice/${choice.id}/recognitions`,
        { audio: wavPart(uniqueWav(wav)) },
        o.studentToken,
      ),
      201,
      "recognition",
    ),
  ]);
  const category = await json<{ id: string }>(
    await api.post("/api/categories", { data: { name: "Top", speechChallenges: [speech.id] }, headers: authed(org) }),
    201,
    "category",
  );
  const childCategory = await json<{ id: string }>(
    await api.post("/api/categories", { data: { name: "Child", parent: category.id }, headers: authed(org) }),
    201,
    "child category",
  );
  const group = await json<{ id: string }>(
    await api.post("/api/groups", { data: { name: "Class", categories: [category.id] }, headers: authed(org) }),
    201,
    "group",
  );
  await json(
    await api.post(`/api/groups/${group.id}/members`, { data: { users: o.groupMembers }, headers: authed(org) }),
    204,
    "group members",
  );
  const extraRecordings = async (n: number) =>
    pool(
      4,
      Array.from({ length: n }, () => () => recording(api, o.studentToken, o.student.key, where, speech.id, wav)),
    );
  const assignment = await json<{ id: number }>(
    await api.post("/api/assignments", {
      data: {
        name: "Matrix",
        ...(o.base ? { baseAnnotator: o.base.id } : {}),
        fullAnnotator: o.full.id,
        recordings: [rec.ref],
      },
      headers: authed(org),
    }),
    201,
    "assignment",
  );
  const annotation = await json<{ id: number; peaksUrl: string; normalisedAudioUrl: string }>(
    await api.post("/api/annotations", {
      data: {
        assignment: assignment.id,
        recording: rec.ref,
        fragments: [{ start: 0, end: 0.2, labels: [{ layer: "Words", label: "the" }] }],
      },
      headers: authed(org),
    }),
    200,
    "annotation",
  );
  const reference = `/api/organisations/${o.orgId}/challenges/speech/${speech.id}/recordings/${rec.id}/reference`;
  await json(
    await api.put(reference, {
      data: { annotations: [{ start: 0, end: 0.2, labels: [{ layer: "Words", label: "the" }] }] },
      headers: authed(org),
    }),
    200,
    "reference annotation",
  );
  return {
    place: o.place,
    orgId: o.orgId,
    speech,
    recording: rec,
    feedback,
    pronunciation,
    analysis,
    choice,
    recognition,
    category,
    childCategory,
    group,
    assignment,
    annotation,
    user: o.user,
    extraRecordings,
  };
}

// ---------------------------------------------------------------------------------------------
// The world

/** Number of S1's recordings in the assignment left for POST /annotations (one per allowed caller). */
const POOL = 10;

export async function seedWorld(api: APIRequestContext, baseURL: string): Promise<World> {
  const { wav } = await testAudio();
  const admin = await adminToken(api);
  const tenant = async (name: string) =>
    (
      await json<{ id: string }>(
        await api.post("/api/tenants", { data: { id: uniqueId("tenant"), name }, headers: authed(admin) }),
        201,
        "tenant",
      )
    ).id;
  const organisation = async (token: string, name: string) =>
    (
      await json<{ id: string }>(
        await api.post("/api/organisation", { data: { id: uniqueId("org"), name }, headers: authed(token) }),
        201,
        "organisation",
      )
    ).id;

  const tenants: Record<TenantKey, string> = { T1: await tenant("Matrix T1"), T2: await tenant("Matrix T2") };
  const t1 = await impersonate(api, admin, `tenant/${tenants.T1}`);
  const t2 = await impersonate(api, admin, `tenant/${tenants.T2}`);
  const orgs: Record<OrgKey, string> = {
    O1: await organisation(t1, "Matrix O1"),
    O2: await organisation(t1, "Matrix O2"),
    P2: await organisation(t2, "Matrix P2"),
  };
  const o1 = await impersonate(api, t1, orgScope(tenants.T1, orgs.O1));
  const o2 = await impersonate(api, t1, orgScope(tenants.T1, orgs.O2));
  const p2 = await impersonate(api, t2, orgScope(tenants.T2, orgs.P2));

  const parents: Record<string, Parent> = {
    T1: { token: t1, level: "tenant", tenant: "T1", org: null, scope: `tenant/${tenants.T1}` },
    O1: { token: o1, level: "organisation", tenant: "T1", org: "O1", scope: orgScope(tenants.T1, orgs.O1) },
    O2: { token: o2, level: "organisation", tenant: "T1", org: "O2", scope: orgScope(tenants.T1, orgs.O2) },
    P2: { token: p2, level: "organisation", tenant: "T2", org: "P2", scope: orgScope(tenants.T2, orgs.P2) },
  };
  const specs: [string, string, string[]][] = [
    ["tenantAdmin", "T1", ["TENANT"]],
    ["tenantStudent", "T1", ["STUDENT"]],
    ["tenantTeacher", "T1", ["TEACHER"]],
    ["tenantFull", "T1", ["ANNOTATOR_FULL"]],
    ["tenantBase", "T1", ["ANNOTATOR_BASE"]],
    ["orgAdmin", "O1", ["ORGANISATION"]],
    ["teacher", "O1", ["TEACHER"]],
    ["s1", "O1", ["STUDENT"]],
    ["s2", "O1", ["STUDENT"]],
    ["baseAssigned", "O1", ["ANNOTATOR_BASE"]],
    ["fullAssigned", "O1", ["ANNOTATOR_FULL"]],
    ["baseUnassigned", "O1", ["ANNOTATOR_BASE"]],
    ["fullUnassigned", "O1", ["ANNOTATOR_FULL"]],
    ["s3", "O1", ["STUDENT"]],
    ["o2Student", "O2", ["STUDENT"]],
    ["t2Student", "P2", ["STUDENT"]],
    ["t2Full", "P2", ["ANNOTATOR_FULL"]],
  ];
  const created = await pool(
    4,
    specs.map(
      ([key, parent, roles]) =>
        () =>
          newUser(api, parents[parent], key, roles, { tenant: null, org: null }),
    ),
  );
  const users: Record<string, UserDesc> = Object.fromEntries(created.map((u) => [u.key, u]));
  const adminUser = (
    await json<{ id: string }>(await api.get("/api/user", { headers: authed(admin) }), 200, "admin user")
  ).id;
  users.admin = {
    key: "admin",
    id: adminUser,
    level: "top",
    tenant: null,
    org: null,
    roles: ["ADMIN"],
    username: "admin",
    password: "",
    email: "",
  };
  await json(await api.post("/api/user/profile", { data: { cefr: 5 }, headers: authed(admin) }), 201, "admin profile");

  const signIn = (u: UserDesc) => () => passwordToken(api, u.username, u.password, signInScope(u, tenants, orgs));
  const userTokens = Object.fromEntries(
    await pool(
      4,
      created.map((u) => async () => [u.key, await signIn(u)()] as const),
    ),
  );

  // Callers. Principals are impersonated from the admin (so their actor is the top-level admin).
  const principal = (
    key: CallerKey,
    label: string,
    kind: "tenant" | "organisation",
    tenantKey: TenantKey,
    org: OrgKey | null,
    token: string,
    scope: string,
  ): Caller => ({
    key,
    label,
    kind,
    level: kind,
    tenant: tenantKey,
    org,
    roles: [kind === "tenant" ? "TENANT" : "ORGANISATION"],
    user: null,
    actor: "top-admin",
    token,
    mint: () => impersonate(api, admin, scope),
  });
  const person = (key: CallerKey, label: string): Caller => {
    const u = users[key];
    return {
      key,
      label,
      kind: "user",
      level: u.level,
      tenant: u.tenant,
      org: u.org,
      roles: u.roles,
      user: u,
      actor: "self",
      token: userTokens[key],
      mint: signIn(u),
    };
  };
  const s1Derived = await json<{ access_token: string }>(
    await api.post("/api/tokens", { form: { grant_type: "client_credentials" }, headers: authed(userTokens.s1) }),
    200,
    "derived token",
  );
  await json(await api.post("/api/tokens/revoke", { headers: authed(s1Derived.access_token) }), 200, "revoke");
  const anonymous = (key: CallerKey, label: string, token: string | null): Caller => ({
    key,
    label,
    kind: "anonymous",
    level: null,
    tenant: null,
    org: null,
    roles: [],
    user: null,
    actor: null,
    token,
    mint: async () => token,
  });
  const callers: Record<CallerKey, Caller> = {
    admin: {
      key: "admin",
      label: "top-level admin",
      kind: "user",
      level: "top",
      tenant: null,
      org: null,
      roles: ["ADMIN"],
      user: users.admin,
      actor: "self",
      token: admin,
      mint: () => adminToken(api),
    },
    tenant: principal("tenant", "tenant T1 (as itself)", "tenant", "T1", null, t1, `tenant/${tenants.T1}`),
    tenantAdmin: person("tenantAdmin", "T1 user with TENANT"),
    tenantStudent: person("tenantStudent", "T1 user with STUDENT"),
    tenantTeacher: person("tenantTeacher", "T1 user with TEACHER"),
    tenantFull: person("tenantFull", "T1 user with ANNOTATOR_FULL"),
    tenantBase: person("tenantBase", "T1 user with ANNOTATOR_BASE"),
    org: principal("org", "organisation O1 (as itself)", "organisation", "T1", "O1", o1, orgScope(tenants.T1, orgs.O1)),
    orgAdmin: person("orgAdmin", "O1 user with ORGANISATION"),
    teacher: person("teacher", "O1 TEACHER"),
    s1: person("s1", "O1 STUDENT S1 (owner)"),
    s2: person("s2", "O1 STUDENT S2"),
    baseAssigned: person("baseAssigned", "O1 ANNOTATOR_BASE, assigned"),
    fullAssigned: person("fullAssigned", "O1 ANNOTATOR_FULL, assigned"),
    baseUnassigned: person("baseUnassigned", "O1 ANNOTATOR_BASE, not assigned"),
    fullUnassigned: person("fullUnassigned", "O1 ANNOTATOR_FULL, not assigned"),
    o2Student: person("o2Student", "O2 STUDENT"),
    t2Student: person("t2Student", "T2 STUDENT"),
    none: anonymous("none", "no token", null),
    revoked: anonymous("revoked", "revoked token", s1Derived.access_token),
    garbage: anonymous("garbage", "random token", randomToken()),
  };

  // Objects: O1's (S1 owns the submissions, annotators assigned) and T2's (P2).
  const O1: Place = { tenant: "T1", org: "O1" };
  const P2: Place = { tenant: "T2", org: "P2" };
  const [o1Objects, t2Objects] = await Promise.all([
    objects(
      api,
      {
        place: O1,
        tenantId: tenants.T1,
        orgId: orgs.O1,
        orgToken: o1,
        student: users.s1,
        studentToken: userTokens.s1,
        base: users.baseAssigned,
        full: users.fullAssigned,
        user: users.s1,
        groupMembers: [users.s1.id, users.s2.id],
      },
      wav,
    ),
    objects(
      api,
      {
        place: P2,
        tenantId: tenants.T2,
        orgId: orgs.P2,
        orgToken: p2,
        student: users.t2Student,
        studentToken: userTokens.t2Student,
        base: null,
        full: users.t2Full,
        user: users.t2Student,
        groupMembers: [users.t2Student.id],
      },
      wav,
    ),
  ]);

  // S1's further recordings in the assignment (the pool), and one never annotated (spare).
  const extra = await o1Objects.extraRecordings(POOL + 1);
  const pooled = extra.slice(0, POOL);
  const spare = extra[POOL];
  await json(
    await api.put(`/api/assignments/${o1Objects.assignment.id}`, {
      data: { recordings: [o1Objects.recording.ref, ...pooled.map((r) => r.ref), spare.ref] },
      headers: authed(o1),
    }),
    200,
    "assignment pool",
  );

  // A tenant-level ANNOTATOR_FULL assigned S1's recording too (by the tenant): annotators may live above the organisation.
  const tenantAssignment = (
    await json<{ id: number }>(
      await api.post("/api/assignments", {
        data: { name: "Tenant-level", fullAnnotator: users.tenantFull.id, recordings: [o1Objects.recording.ref] },
        headers: authed(t1),
      }),
      201,
      "tenant-level assignment",
    )
  ).id;

  // S2's submissions, O2's recording, a second choice challenge and a group for member removals.
  const s2Token = userTokens.s2;
  const s2Recording = await recording(
    api,
    s2Token,
    "s2",
    { tenant: tenants.T1, org: orgs.O1 },
    o1Objects.speech.id,
    wav,
  );
  const [s2Feedback, s2Analysis, s2Recognition] = await Promise.all([
    json<{ id: string }>(
      await multipart(
        api,
        "POST",
        "/api/feedback",
        feedbackFields(wav, o1Objects.speech.id, s2Recording.resultSet),
        s2Token,
      ),
      201,
      "S2 feedback",
    ),
    json<{ id: string }>(
      await multipart(
        api,
        "POST",
        `/api/challenges/pronunciation/${o1Objects.pronunciation.id}/analyses`,
        { audio: wavPart(uniqueWav(wav)) },
        s2Token,
      ),
      201,
      "S2 analysis",
    ),
    json<{ id: string }>(
      await multipart(
        api,
        "POST",
        `/api/challenges/choice/${o1Objects.choice.id}/recognitions`,
        { audio: wavPart(uniqueWav(wav)) },
        s2Token,
      ),
      201,
      "S2 recognition",
    ),
  ]);
  const o2Speech = (
    await json<{ id: string }>(
      await multipart(api, "POST", "/api/challenges/speech", { language: "eng" }, o2),
      201,
      "O2 challenge",
    )
  ).id;
  const o2Recording = await recording(
    api,
    userTokens.o2Student,
    "o2Student",
    { tenant: tenants.T1, org: orgs.O2 },
    o2Speech,
    wav,
  );
  const choice2 = (
    await json<{ id: string }>(
      await multipart(api, "POST", "/api/challenges/choice", { choices: ["Left", "Right"], language: "eng" }, o1),
      202,
      "choice 2",
    )
  ).id;
  const memberGroup = (
    await json<{ id: string }>(
      await api.post("/api/groups", { data: { name: "Members" }, headers: authed(o1) }),
      201,
      "member group",
    )
  ).id;
  await json(
    await api.post(`/api/groups/${memberGroup}/members`, { data: { users: [users.s2.id] }, headers: authed(o1) }),
    204,
    "member group members",
  );

  const scheme = await json<{ layers: unknown[] }>(
    await api.get(`/api/organisations/${orgs.O1}/annotation-scheme`, { headers: authed(o1) }),
    200,
    "scheme",
  );
  const exported = async (url: string) => {
    const response = await api.get(url, { headers: authed(o1) });
    expect(response.status(), `export ${url}`).toBe(200);
    return response.body();
  };
  const r = o1Objects.recording;
  const annotationTextGrid = await exported(`/api/annotation/${o1Objects.annotation.id}/export?format=textgrid`);
  const referenceTextGrid = await exported(
    `/api/organisations/${orgs.O1}/challenges/speech/${r.ref.challenge}/recordings/${r.id}/reference/export?format=textgrid`,
  );

  const { extraRecordings: _o1, ...o1Plain } = o1Objects;
  const { extraRecordings: _t2, ...t2Plain } = t2Objects;
  void _o1;
  void _t2;
  return {
    api,
    baseURL,
    wav,
    tenants,
    orgs,
    users,
    callers,
    o1: o1Plain,
    t2: t2Plain,
    s2: { recording: s2Recording, feedback: s2Feedback, analysis: s2Analysis, recognition: s2Recognition },
    o2: { speech: o2Speech, recording: o2Recording },
    tenantAssignment,
    pool: pooled,
    spare,
    choice2,
    memberGroup,
    schemeLayers: scheme.layers,
    annotationTextGrid,
    referenceTextGrid,
    principals: { admin, t1, o1, o2, t2, p2 },
  };
}
