// The fuzz test's targets: every write method (POST, PUT, PATCH, DELETE) of every route file
// under app/api, found on disk and imported so that each method's declaration (access, body
// and query schemas, file fields: lib/api/route-registry.ts) drives its cases; real objects
// of one organisation for the path parameters; and for each target the caller that gets
// furthest with a plausible body (the top-level admin, the tenant, the organisation or one
// of its users), found by trying them.
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { loadRoutes, type Method, WRITE_METHODS } from "../../lib/api/route-files";
import type { RouteDeclaration } from "../../lib/api/route-registry";
import { assign, createAnnotation, type Setup, setup } from "./annotations";
import { addBasicAuth, authed, expectJson, impersonate, studentScope, uniqueId } from "./api";
import { testAudio, uniqueWav, wavPart } from "./audio";
import { expect, type World } from "./fixtures";
import type { FuzzRun } from "./fuzz-run";
import { plausible, rng, toJson } from "./fuzz-values";
import { postMultipart } from "./multipart";

export type Caller = { label: string; token: string };

export type Target = {
  method: Method;
  template: string;
  /** The URL with the fixture's ids in its dynamic segments. */
  url: string;
  declaration: RouteDeclaration | null;
  /** Whether the method reads a body at all (a declared body schema or file fields). */
  readsBody: boolean;
  /** The handler presents the token's own revocation (POST /api/tokens/revoke): each request gets a fresh token. */
  consumesToken: boolean;
};

export type FuzzWorld = {
  world: World;
  admin: string;
  setup: Setup;
  callers: Caller[];
  ids: Record<string, string>;
  freshToken: () => Promise<string>;
};

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Every write method of every route file, DELETEs last (they may remove the fixture's objects). */
export async function writeTargets(ids: Record<string, string>): Promise<Target[]> {
  const targets: Target[] = [];
  for (const route of await loadRoutes(ROOT)) {
    for (const method of WRITE_METHODS) {
      if (!(method in route.methods)) continue;
      const declaration = route.methods[method] ?? null;
      targets.push({
        method,
        template: route.template,
        url: fillParams(route.template, ids),
        declaration,
        readsBody: Boolean(declaration?.body || declaration?.files?.length),
        consumesToken: route.template.endsWith("/tokens/revoke"),
      });
    }
  }
  return targets.sort((a, b) => Number(a.method === "DELETE") - Number(b.method === "DELETE"));
}

/** The fixture's id for each dynamic segment; `challenge` by the kind of challenge the path names. */
export function fillParams(template: string, ids: Record<string, string>): string {
  const kind = /\/challenges\/(speech|choice|pronunciation)\//.exec(template)?.[1];
  return template.replace(/\[(\.\.\.)?([^\]]+)\]/g, (_, rest: string | undefined, name: string) => {
    if (rest) return "fuzz/nowhere";
    const key = name === "challenge" && kind ? `${kind}Challenge` : name;
    return encodeURIComponent(ids[key] ?? `fz-unknown-${name}`);
  });
}

/** One organisation with a bit of everything: people, challenges of each kind, a recording, an assignment, a group, a category, credentials. */
export async function fuzzWorld(request: APIRequestContext, admin: string, world: World): Promise<FuzzWorld> {
  const s = await setup(request, world, 1);
  const org = authed(world.orgToken);
  const created = async (url: string, data: object) => {
    const response = await request.post(url, { data, headers: org });
    expect([201, 202], await response.text()).toContain(response.status());
    return ((await response.json()) as { id: string }).id;
  };
  const { wav } = await testAudio();
  const [assignment, group, category, choiceChallenge, pronunciation] = await Promise.all([
    assign(request, s),
    created("/api/groups", { name: "Fuzz group" }),
    created("/api/categories", { name: "Fuzz category" }),
    created("/api/challenges/choice", { language: "eng", choices: ["yes", "no"] }),
    postMultipart(
      request,
      "/api/challenges/pronunciation",
      { transcription: "The cat sits on the mat.", language: "eng", referenceAudio: wavPart(uniqueWav(wav)) },
      org,
    ),
  ]);
  const annotation = await createAnnotation(request, s.full.token, {
    assignment: assignment.id,
    recording: s.refs[0],
    fragments: [],
  });
  const basicauth = uniqueId("fz");
  await addBasicAuth(request, s.student.token, basicauth, "fuzz-password-1");
  const emailauth = `${uniqueId("fz")}@example.org`;
  await expectJson(
    await request.post("/api/user/emailauths", { data: { email: emailauth }, headers: authed(s.student.token) }),
    201,
  );
  const ids: Record<string, string> = {
    organisation: world.orgId,
    tenant: world.tenantId,
    speechChallenge: s.challenge,
    choiceChallenge,
    pronunciationChallenge: (await expectJson<{ id: string }>(pronunciation, 201)).id,
    recording: s.refs[0].recording,
    // The recording's audio: the download routes (the file, its peaks and spectrogram tiles) are fuzzed on a real file.
    file: new URL(s.recordings[0]!.audioUrl, "http://fuzz.invalid").pathname.split("/").at(-1)!,
    assignment: String(assignment.id),
    annotation: String(annotation.id),
    group,
    category,
    userId: s.student.id,
    basicauth,
    emailauth,
  };
  const file = await request.get(`/api/download/${ids.file}/peaks`, { headers: org });
  expect(file.status(), "the fixture's audio file and its peaks can be read").toBe(200);
  const callers: Caller[] = [
    { label: "admin", token: admin },
    { label: "tenant", token: world.tenantToken },
    { label: "organisation", token: world.orgToken },
    { label: "organisation's ADMIN user", token: s.adminUser.token },
    { label: "full annotator", token: s.full.token },
    { label: "student", token: s.student.token },
  ];
  const freshToken = () =>
    impersonate(request, world.orgToken, studentScope(world.tenantId, world.orgId, s.student.id));
  return { world, admin, setup: s, callers, ids, freshToken };
}

const rank = (status: number) =>
  status < 300 ? 4 : [400, 409, 413, 415, 422].includes(status) ? 3 : status === 404 || status === 405 ? 2 : 1;

/**
 * The caller that gets furthest with a plausible body: created (2xx) beats refused input
 * (400/409/422), which beats not found, which beats 401/403; the first caller wins ties.
 */
export async function bestCaller(run: FuzzRun, fw: FuzzWorld, target: Target): Promise<Caller> {
  const declaration = target.declaration;
  if (!declaration || declaration.public || target.consumesToken) return fw.callers[0];
  const data = declaration.body
    ? toJson(plausible(declaration.body, rng(`probe ${target.method} ${target.template}`)))
    : "{}";
  let best = { caller: fw.callers[0], rank: -1 };
  for (const caller of fw.callers) {
    const status = await run.send(
      `probe as ${caller.label}`,
      target.method,
      target.url,
      { ...authed(caller.token), "Content-Type": "application/json" },
      data,
    );
    const r = rank(status);
    if (r > best.rank) best = { caller, rank: r };
    if (r === 4) break;
  }
  return best.caller;
}
