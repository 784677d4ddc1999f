// Seeding and shapes for the annotation API tests (service-interface.md "Assignment",
// "Annotation", section 4 "Assignments" / "Annotations"): annotator users with the
// ANNOTATOR_BASE / ANNOTATOR_FULL roles and their tokens, administrators of each level, a speech
// challenge with recordings of real spoken audio (one espeak-ng WAV, made unique per upload so
// every recording has its own digest), and small wrappers over the endpoints.
import type { APIRequestContext, APIResponse } from "@playwright/test";
import {
  authed,
  createOrganisation,
  createUser,
  expectJson,
  impersonate,
  type Member,
  member,
  studentScope,
  uniqueId,
} from "./api";
import { sha256, testAudio, uniqueWav, wavPart } from "./audio";
import { expect, type World } from "./fixtures";
import { postMultipart, sendMultipart } from "./multipart";

export type Ref = { tenant: string; organisation: string; challenge: string; recording: string };
export type RefOut = {
  tenant: string | null;
  organisation: string;
  challenge: string;
  recording: string;
  digest: string | null;
};
export type Label = { layer: string; label: string; comment: string };
export type Fragment = { start: number; end: number; labels: Label[] };
export type LabelIn = { layer: string; label: string; comment?: string | null };
export type FragmentIn = { start: number | string; end: number | string; labels: LabelIn[] };

export type Assignment = {
  id: number;
  name: string | null;
  baseAnnotator: string | null;
  fullAnnotator: string;
  recordings: RefOut[];
  baseDueDate: string | null;
  fullDueDate: string | null;
  annotations: { id: number; recording: RefOut; doneBase: string | null; doneFull: string | null }[];
  created: string;
  updated: string;
};

export type Annotation = {
  id: number | null;
  doneBase: string | null;
  doneFull: string | null;
  recording: RefOut;
  assignment: number | null;
  fragments: Fragment[];
  audioUrl: string;
  /** Ours, for editors: waveform peaks, the normalised audio, the duration in seconds. */
  peaksUrl: string | null;
  normalisedAudioUrl: string | null;
  duration: number | null;
  version: number;
  created: string;
  updated: string;
};

export type SchemeLayer = {
  name: string;
  freeText: boolean;
  allowOverlap: boolean;
  baseAllowed: boolean;
  labels: { label: string; baseAllowed: boolean }[];
};
export type Scheme = { organisation: string; layers: SchemeLayer[]; isDefault: boolean; updated: string | null };

export const ASSIGNMENT = "Assignment";
export const ANNOTATION = "Annotation";
export const REFERENCE = "ReferenceAnnotation";
export const SCHEME = "AnnotationScheme";

export const ANNOTATION_FIELDS = [
  "assignment",
  "audioUrl",
  "created",
  "doneBase",
  "doneFull",
  "duration",
  "fragments",
  "id",
  "normalisedAudioUrl",
  "peaksUrl",
  "recording",
  "updated",
  "version",
];
export const ASSIGNMENT_FIELDS = [
  "annotations",
  "baseAnnotator",
  "baseDueDate",
  "created",
  "fullAnnotator",
  "fullDueDate",
  "id",
  "name",
  "recordings",
  "updated",
];

// ---------------------------------------------------------------------------------------------
// Audio

/** The duration the service computes for a PCM WAV: round(samples * 1000 / rate). */
export function wavDurationMs(wav: Buffer): number {
  let offset = 12;
  let rate = 0;
  let blockAlign = 0;
  while (offset + 8 <= wav.length) {
    const id = wav.toString("latin1", offset, offset + 4);
    const size = wav.readUInt32LE(offset + 4);
    if (id === "fmt ") {
      rate = wav.readUInt32LE(offset + 12);
      blockAlign = wav.readUInt16LE(offset + 20);
    }
    if (id === "data") {
      const bytes = Math.min(size, wav.length - offset - 8);
      return Math.round((Math.floor(bytes / blockAlign) * 1000) / rate);
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error("not a WAV file with a data chunk");
}

/** The worker's spoken WAV and its duration in ms. */
export async function speech(): Promise<{ wav: Buffer; durationMs: number }> {
  const { wav } = await testAudio();
  return { wav, durationMs: wavDurationMs(wav) };
}

// ---------------------------------------------------------------------------------------------
// People

export type People = {
  /** ANNOTATOR_BASE user of the world's organisation. */
  base: Member;
  /** ANNOTATOR_FULL user of the world's organisation. */
  full: Member;
  /** A user of the organisation with the ADMIN role. */
  adminUser: Member;
  /** A student (uploads the recordings). */
  student: Member;
};

export async function people(request: APIRequestContext, world: World): Promise<People> {
  const [base, full, adminUser, student] = await Promise.all(
    ["ANNOTATOR_BASE", "ANNOTATOR_FULL", "ADMIN", "STUDENT"].map((role) => member(request, world, role)),
  );
  return { base, full, adminUser, student };
}

/** A user of the tenant itself (not in an organisation) with `role`, and a token acting as them. */
export async function tenantUser(request: APIRequestContext, world: World, role: string): Promise<Member> {
  const user = await createUser(request, world.tenantToken, { roles: [role] });
  return {
    id: user.id,
    token: await impersonate(request, world.tenantToken, `tenant/${world.tenantId}/user/${user.id}`),
  };
}

/** A sibling organisation in the world's tenant: its token, and a user of it with `roles`. */
export async function siblingOrganisation(request: APIRequestContext, world: World) {
  const org = await createOrganisation(request, world.tenantToken);
  const token = await impersonate(request, world.tenantToken, `tenant/${world.tenantId}/organisation/${org.id}`);
  const sibling: World = { tenantId: world.tenantId, orgId: org.id, tenantToken: world.tenantToken, orgToken: token };
  return { world: sibling, member: (role: string) => member(request, sibling, role) };
}

/** Another tenant with one organisation: its tokens, an ANNOTATOR_FULL user of it. */
export async function otherTenant(request: APIRequestContext, admin: string) {
  const tenantId = uniqueId("tenant");
  await expectJson(
    await request.post("/api/tenants", { data: { id: tenantId, name: "Other tenant" }, headers: authed(admin) }),
    201,
  );
  const tenantToken = await impersonate(request, admin, `tenant/${tenantId}`);
  const org = await createOrganisation(request, tenantToken);
  const orgToken = await impersonate(request, tenantToken, `tenant/${tenantId}/organisation/${org.id}`);
  const world: World = { tenantId, orgId: org.id, tenantToken, orgToken };
  const annotator = await member(request, world, "ANNOTATOR_FULL");
  return { world, annotator };
}

// ---------------------------------------------------------------------------------------------
// Challenges and recordings

export async function createSpeechChallenge(request: APIRequestContext, orgToken: string): Promise<string> {
  const id = uniqueId("sc");
  await expectJson(
    await postMultipart(
      request,
      "/api/challenges/speech",
      { id, language: "eng", topic: "Describe the picture" },
      authed(orgToken),
    ),
    201,
  );
  return id;
}

export type SeededRecording = { ref: Ref; digest: string; audioUrl: string };

/**
 * `count` recordings by `student` in `challenge` of the world's organisation, each its own
 * result set, uploaded a few at a time (unique bytes: every digest differs).
 */
export async function seedRecordings(
  request: APIRequestContext,
  world: World,
  student: Member,
  challenge: string,
  count: number,
): Promise<SeededRecording[]> {
  const { wav } = await speech();
  const out: SeededRecording[] = new Array(count);
  const upload = async (i: number) => {
    const bytes = uniqueWav(wav);
    const id = uniqueId(`rec${i}`);
    const response = await postMultipart(
      request,
      `/api/challenges/speech/${challenge}/recordings`,
      { id, audio: wavPart(bytes), resultSetId: uniqueId("rs") },
      authed(student.token),
    );
    const created = await expectJson<{ id: string; audioUrl: string }>(response, 201);
    out[i] = {
      ref: { tenant: world.tenantId, organisation: world.orgId, challenge, recording: created.id },
      digest: sha256(bytes),
      audioUrl: created.audioUrl,
    };
  };
  const parallel = 6;
  for (let i = 0; i < count; i += parallel)
    await Promise.all(Array.from({ length: Math.min(parallel, count - i) }, (_, k) => upload(i + k)));
  return out;
}

/** Everything most tests start from: the people, one challenge and `recordings` recordings. */
export type Setup = People & {
  world: World;
  challenge: string;
  recordings: SeededRecording[];
  refs: Ref[];
  durationMs: number;
};

export async function setup(request: APIRequestContext, world: World, recordings = 3): Promise<Setup> {
  const [who, challenge, { durationMs }] = await Promise.all([
    people(request, world),
    createSpeechChallenge(request, world.orgToken),
    speech(),
  ]);
  const seeded = await seedRecordings(request, world, who.student, challenge, recordings);
  return { ...who, world, challenge, recordings: seeded, refs: seeded.map((r) => r.ref), durationMs };
}

/** The returned form of a reference (with its digest). */
export const refOut = (r: SeededRecording): RefOut => ({ ...r.ref, digest: r.digest });

// ---------------------------------------------------------------------------------------------
// Endpoints

export const postAssignment = (request: APIRequestContext, token: string, data: unknown) =>
  request.post("/api/assignments", { data: data as object, headers: authed(token) });
export const putAssignment = (request: APIRequestContext, token: string, id: number | string, data: unknown) =>
  request.put(`/api/assignments/${id}`, { data: data as object, headers: authed(token) });
export const getAssignment = (request: APIRequestContext, token: string, id: number | string) =>
  request.get(`/api/assignment/${id}`, { headers: authed(token) });

export async function createAssignment(
  request: APIRequestContext,
  token: string,
  data: Record<string, unknown>,
): Promise<Assignment> {
  return expectJson<Assignment>(await postAssignment(request, token, data), 201);
}

/** An assignment of `s`'s recordings (or `refs`) to its base and full annotators, made by the organisation. */
export function assign(request: APIRequestContext, s: Setup, extra: Record<string, unknown> = {}): Promise<Assignment> {
  return createAssignment(request, s.world.orgToken, {
    name: "Batch",
    baseAnnotator: s.base.id,
    fullAnnotator: s.full.id,
    recordings: s.refs,
    ...extra,
  });
}

/**
 * The cast of the visibility tests: a second pair of annotators (base2, full2), a bystander
 * annotator assigned nothing, `s`'s own assignment (a1) and one of `recording` alone to the
 * second pair (a2), made in that order by the organisation.
 */
export async function twoAssignments(request: APIRequestContext, s: Setup, recording: Ref) {
  const base2 = await member(request, s.world, "ANNOTATOR_BASE");
  const full2 = await member(request, s.world, "ANNOTATOR_FULL");
  const bystander = await member(request, s.world, "ANNOTATOR_FULL");
  const a1 = await assign(request, s);
  const a2 = await createAssignment(request, s.world.orgToken, {
    baseAnnotator: base2.id,
    fullAnnotator: full2.id,
    recordings: [recording],
  });
  return { base2, full2, bystander, a1, a2 };
}

export const postAnnotation = (request: APIRequestContext, token: string, data: unknown) =>
  request.post("/api/annotations", { data: data as object, headers: authed(token) });
export const getAnnotation = (request: APIRequestContext, token: string, id: number | string) =>
  request.get(`/api/annotation/${id}`, { headers: authed(token) });

export function putAnnotation(
  request: APIRequestContext,
  token: string,
  id: number | string,
  data: unknown,
  ifMatch?: string,
): Promise<APIResponse> {
  return request.put(`/api/annotations/${id}`, {
    data: data as object,
    headers: { ...authed(token), ...(ifMatch ? { "If-Match": ifMatch } : {}) },
  });
}

export async function createAnnotation(
  request: APIRequestContext,
  token: string,
  data: Record<string, unknown>,
): Promise<Annotation> {
  return expectJson<Annotation>(await postAnnotation(request, token, data), 200);
}

/** The annotation as its reader sees it (200), with its ETag. */
export async function readAnnotation(
  request: APIRequestContext,
  token: string,
  id: number,
): Promise<{ body: Annotation; etag: string }> {
  const response = await getAnnotation(request, token, id);
  const body = await expectJson<Annotation>(response, 200);
  return { body, etag: response.headers().etag };
}

/** Every page of GET /annotations (query without perPage), following Link rel="next". */
export async function listAnnotations(
  request: APIRequestContext,
  token: string,
  query = "",
  perPage = 100,
): Promise<Annotation[]> {
  const out: Annotation[] = [];
  let url: string | null = `/api/annotations?${query ? `${query}&` : ""}perPage=${perPage}`;
  for (let page = 0; url; page++) {
    expect(page, "pagination ends").toBeLessThan(200);
    const response = await request.get(url, { headers: authed(token) });
    out.push(...(await expectJson<Annotation[]>(response, 200)));
    url = nextLinkOf(response);
  }
  return out;
}

export async function listAssignments(request: APIRequestContext, token: string, perPage = 100): Promise<Assignment[]> {
  const out: Assignment[] = [];
  let url: string | null = `/api/assignments?perPage=${perPage}`;
  for (let page = 0; url; page++) {
    expect(page, "pagination ends").toBeLessThan(200);
    const response = await request.get(url, { headers: authed(token) });
    out.push(...(await expectJson<Assignment[]>(response, 200)));
    url = nextLinkOf(response);
  }
  return out;
}

export function nextLinkOf(response: APIResponse): string | null {
  const link = response.headers().link;
  if (!link) return null;
  return /<([^>]+)>\s*;\s*rel="?next"?/.exec(link)?.[1] ?? null;
}

export const schemePath = (org: string) => `/api/organisations/${org}/annotation-scheme`;
export const referencePath = (r: Ref) =>
  `/api/organisations/${r.organisation}/challenges/speech/${r.challenge}/recordings/${r.recording}/reference`;

export function putReference(
  request: APIRequestContext,
  token: string,
  r: Ref,
  annotations: unknown,
  ifMatch?: string,
): Promise<APIResponse> {
  return request.put(referencePath(r), {
    data: { annotations } as object,
    headers: { ...authed(token), ...(ifMatch ? { "If-Match": ifMatch } : {}) },
  });
}

/** POST a file (multipart part `file`) to an import endpoint. */
export function importFile(
  request: APIRequestContext,
  token: string,
  url: string,
  bytes: Buffer | string,
  name = "import.TextGrid",
  ifMatch?: string,
): Promise<APIResponse> {
  const buffer = typeof bytes === "string" ? Buffer.from(bytes, "utf8") : bytes;
  return sendMultipart(
    request,
    "POST",
    url,
    { file: { buffer, name, mimeType: "application/octet-stream" } },
    { ...authed(token), ...(ifMatch ? { "If-Match": ifMatch } : {}) },
  );
}

// ---------------------------------------------------------------------------------------------
// Fragments

/** Words layer fragments, one per word, `step` seconds each from `from`. */
export function words(list: string[], from = 0, step = 0.2): FragmentIn[] {
  return list.map((w, i) => ({
    start: round3(from + i * step),
    end: round3(from + (i + 1) * step),
    labels: [{ layer: "Words", label: w }],
  }));
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** As the service returns fragments: comments defaulted to "". */
export function normalised(fragments: FragmentIn[]): Fragment[] {
  return fragments
    .map((f) => ({
      start: Number(f.start),
      end: Number(f.end),
      labels: f.labels.map((l) => ({ layer: l.layer, label: l.label.trim(), comment: l.comment ?? "" })),
    }))
    .sort((a, b) => a.start - b.start || a.end - b.end);
}

/** The labels of one layer as [start, end, label, comment], in time order. */
export function layerOf(fragments: Fragment[], layer: string): [number, number, string, string][] {
  return fragments
    .flatMap((f) =>
      f.labels
        .filter((l) => l.layer === layer)
        .map((l): [number, number, string, string] => [f.start, f.end, l.label, l.comment]),
    )
    .sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2].localeCompare(b[2]));
}

/** A token of the world's organisation acting as a user (re-exported for specs). */
export const asMember = (request: APIRequestContext, world: World, userId: string) =>
  impersonate(request, world.orgToken, studentScope(world.tenantId, world.orgId, userId));
