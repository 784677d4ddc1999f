// Hostile input on every write endpoint (POST, PUT, PATCH, DELETE of every app/api route file,
// found on disk: a new route is fuzzed without being listed here), driven by the zod schemas its
// handlers declare (e2e/support/fuzz-*.ts): never a 500, every error a JSON body with a
// `message` (api-conventions.md, "Errors"). Seeded, so every run sends the same requests.
// Then the defects this guards against, each checked to leave nothing behind: JSON nested 5,000
// deep (400; the limit is 400 levels), lone UTF-16 surrogates (400) and 5,000 ids in a list (422).
import type { APIRequestContext } from "@playwright/test";
import { authed, expectJson, member, uniqueId } from "../support/api";
import { expectError, expectFieldError } from "../support/assertions";
import { prepareTestAudio } from "../support/audio";
import { expect, test } from "../support/fixtures";
import { bodyCases, noBodyCases } from "../support/fuzz-cases";
import { FuzzRun } from "../support/fuzz-run";
import { bestCaller, fillParams, fuzzWorld, writeTargets } from "../support/fuzz-targets";
import { rng } from "../support/fuzz-values";
import { postMultipart } from "../support/multipart";

const SEED = "fuzz-2026";

prepareTestAudio();

// Two halves of the targets, each with its own organisation, so that two workers share the work.
const SHARDS = 2;
for (let shard = 0; shard < SHARDS; shard++) {
  test(`every write endpoint answers hostile input without a 500, and every error as JSON (part ${shard + 1} of ${SHARDS})`, async ({
    request,
    admin,
    world,
  }) => {
    test.setTimeout(300_000);
    const started = Date.now();
    const fw = await fuzzWorld(request, admin, world);
    const all = await writeTargets(fw.ids);
    expect(all.length, "route files found").toBeGreaterThan(100);
    const targets = all.filter((_, i) => i % SHARDS === shard);
    const run = new FuzzRun(request);
    for (const target of targets) {
      const r = rng(`${SEED} ${target.method} ${target.template}`);
      const caller = await bestCaller(run, fw, target);
      const declared = target.declaration && !target.declaration.public;
      const cases =
        target.readsBody && target.declaration
          ? bodyCases(target.declaration, r)
          : r.sample(noBodyCases(), declared ? 3 : 1);
      for (const c of cases) {
        const token = target.consumesToken ? await fw.freshToken() : caller.token;
        await run.send(
          `${target.method} ${target.template}: ${c.label}, as ${caller.label}`,
          target.method,
          target.url,
          { ...authed(token), ...c.headers },
          c.data,
        );
      }
      const unknown = fillParams(target.template, {});
      if (declared && unknown !== target.url)
        await run.send(
          `${target.method} ${target.template}: unknown ids`,
          target.method,
          unknown,
          { ...authed(caller.token), "Content-Type": "application/json" },
          "{}",
        );
    }
    console.log(
      `${run.summary(`fuzz (${test.info().project.name}, part ${shard + 1} of ${SHARDS})`)}; ${targets.length} targets in ${Math.round((Date.now() - started) / 1000)} s`,
    );
    expect(run.failures, JSON.stringify(run.failures.slice(0, 20), null, 1)).toEqual([]);
  });
}

// Odd paths and methods are answered as JSON by scripts/http-server.mjs before Next's router.
test("odd paths and methods answer JSON errors, never a 500", async ({ request, world }) => {
  const run = new FuzzRun(request);
  // Dot segments are not here: the client resolves them before sending (/api/%2e%2e/x is sent as
  // /x); lib/server/request-guard.test.ts covers them as the server receives them.
  const paths: [string, string][] = [
    ["PUT", "/api/groups/%ff"],
    ["PUT", "/api/groups/%ED%A0%80"],
    ["POST", "/api/users/%00/profile"],
    ["DELETE", `/api/groups/${"x".repeat(10_000)}`],
    ["POST", "/api//tenants"],
    ["TRACE", "/api/tenants"],
    ["PROPFIND", "/api/tenants"],
    ["PROPFIND", "/api/"],
    ["MKCOL", "/api/groups"],
    ["PATCH", "/api/organisations/%c0%af"],
  ];
  for (const [method, path] of paths)
    await run.send(
      `${method} ${path}`,
      method,
      path,
      { ...authed(world.orgToken), "Content-Type": "application/json" },
      "{}",
    );
  console.log(run.summary("odd paths"));
  expect(run.failures, JSON.stringify(run.failures, null, 1)).toEqual([]);
});

const deep = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
const sendJson = (request: APIRequestContext, method: string, url: string, token: string, text: string) =>
  request.fetch(url, { method, data: text, headers: { ...authed(token), "Content-Type": "application/json" } });
const notFound = async (request: APIRequestContext, url: string, token: string) =>
  expectError(await request.get(url, { headers: authed(token) }), 404, `${url} was stored`);

test("JSON nested 5,000 deep in metadata or extra is a 400, in a JSON body and in multipart parts; 400 levels are accepted; nothing is stored", async ({
  request,
  world,
}) => {
  const org = world.orgToken;
  const marker = uniqueId("deep");
  const refusals = [
    await sendJson(
      request,
      "POST",
      "/api/challenges/speech",
      org,
      `{"id":"${marker}","language":"eng","metadata":${deep(5000)}}`,
    ),
    await sendJson(
      request,
      "POST",
      "/api/challenges/speech",
      org,
      `{"id":"${marker}","language":"eng","metadata":${'{"a":'.repeat(5000)}1${"}".repeat(5000)}}`,
    ),
    await postMultipart(
      request,
      "/api/challenges/speech",
      { id: marker, language: "eng", metadata: deep(5000) },
      authed(org),
    ),
    await sendJson(
      request,
      "POST",
      "/api/challenges/speech",
      org,
      `{"id":"${marker}","language":"eng","metadata":${deep(400)}}`,
    ),
  ];
  for (const response of refusals)
    expect((await expectError(response, 400)).message).toBe(
      "The request body nests deeper than 400 levels (in metadata)",
    );
  await notFound(request, `/api/challenges/speech/${marker}`, org);

  // At the limit: the body is level 1, so metadata may nest 399 more.
  const created = await expectJson<{ id: string; metadata: string }>(
    await sendJson(
      request,
      "POST",
      "/api/challenges/speech",
      org,
      `{"id":"${marker}","language":"eng","metadata":${deep(399)}}`,
    ),
    201,
  );
  expect(created.metadata).toBe(deep(399));
  await expectError(
    await sendJson(request, "PUT", `/api/challenges/speech/${marker}`, org, `{"metadata":${deep(5000)}}`),
    400,
  );
  expect(
    (
      await expectJson<{ metadata: string }>(
        await request.get(`/api/challenges/speech/${marker}`, { headers: authed(org) }),
        200,
      )
    ).metadata,
  ).toBe(deep(399));

  const student = await member(request, world, "STUDENT");
  const feedback = uniqueId("fb");
  const fields = { id: feedback, challengeId: marker, resultSetId: uniqueId("rs") };
  await expectError(
    await sendJson(
      request,
      "POST",
      "/api/feedback",
      student.token,
      `{"id":"${feedback}","challengeId":"${marker}","resultSetId":"x","extra":${deep(5000)}}`,
    ),
    400,
  );
  await expectError(
    await postMultipart(request, "/api/feedback", { ...fields, extra: deep(5000) }, authed(student.token)),
    400,
  );
  await expectError(
    await postMultipart(request, "/api/feedback", { ...fields, sentences: `[${deep(5000)}]` }, authed(student.token)),
    400,
  );
  await notFound(request, `/api/feedback/${feedback}`, student.token);
  // A body of nothing but opening brackets, just under the size limit: refused before it is parsed.
  await expectError(await sendJson(request, "POST", "/api/challenges/speech", org, "[".repeat(1_000_000)), 400);
});

test("lone UTF-16 surrogates in values, keys and JSON parts are a 400 on every create and update; nothing is stored", async ({
  request,
  admin,
  world,
}) => {
  const m = uniqueId("lone");
  const group = await expectJson<{ id: string }>(
    await request.post("/api/groups", { data: { name: "Intact" }, headers: authed(world.orgToken) }),
    201,
  );
  // JSON.stringify writes a lone surrogate as the escape \ud800: exactly what an attacker sends.
  const cases: [string, string, string, object, string][] = [
    ["POST", "/api/tenants", admin, { id: m, name: "a\ud800b" }, `/api/tenants/${m}`],
    ["POST", "/api/organisation", world.tenantToken, { id: m, name: "a\udc00" }, `/api/organisations/${m}`],
    ["POST", "/api/groups", world.orgToken, { id: m, name: "a\ud800b" }, `/api/groups/${m}`],
    ["POST", "/api/groups", world.orgToken, { id: m, name: "ok", "\ud83d": 1 }, `/api/groups/${m}`],
    [
      "POST",
      "/api/users",
      world.orgToken,
      { id: m, firstName: "a\ud800b", infix: null, lastName: "L", roles: ["STUDENT"] },
      `/api/users/${m}`,
    ],
    ["POST", "/api/categories", world.orgToken, { id: m, name: "\udfff" }, `/api/categories/${m}`],
    [
      "POST",
      "/api/challenges/speech",
      world.orgToken,
      { id: m, language: "eng", topic: "x\ud800" },
      `/api/challenges/speech/${m}`,
    ],
    [
      "POST",
      "/api/challenges/choice",
      world.orgToken,
      { id: m, language: "eng", choices: ["yes", "n\ud800o"] },
      `/api/challenges/choice/${m}`,
    ],
    ["PUT", `/api/groups/${group.id}`, world.orgToken, { name: "a\ud800b" }, ""],
  ];
  for (const [method, url, token, data, stored] of cases) {
    const body = await expectError(
      await sendJson(request, method, url, token, JSON.stringify(data)),
      400,
      `${method} ${url}`,
    );
    expect(body.message).toMatch(/^The request body contains ill-formed Unicode/);
    if (stored) await notFound(request, stored, token);
  }
  // In a JSON part of a multipart body: the escape decodes to a lone surrogate once parsed.
  await expectError(
    await postMultipart(
      request,
      "/api/challenges/speech",
      { id: m, language: "eng", metadata: '{"a":"\\ud800"}' },
      authed(world.orgToken),
    ),
    400,
  );
  await notFound(request, `/api/challenges/speech/${m}`, world.orgToken);
  expect(
    (
      await expectJson<{ name: string }>(
        await request.get(`/api/groups/${group.id}`, { headers: authed(world.orgToken) }),
        200,
      )
    ).name,
  ).toBe("Intact");
  // A surrogate pair is well-formed.
  await expectJson(
    await sendJson(request, "POST", "/api/groups", world.orgToken, JSON.stringify({ id: m, name: "smile 😀" })),
    201,
  );
});

test("5,000 ids in a list are a 422 on that field, as JSON and as repeated parts; nothing is stored", async ({
  request,
  world,
}) => {
  const org = world.orgToken;
  const m = uniqueId("ids");
  const ids = (n: number) => Array.from({ length: n }, (_, i) => `id-${i}`);
  const group = await expectJson<{ id: string }>(
    await request.post("/api/groups", { data: { name: "Intact" }, headers: authed(org) }),
    201,
  );
  const send = (method: string, url: string, data: object) =>
    request.fetch(url, { method, data, headers: authed(org) });

  await expectFieldError(
    await send("POST", "/api/groups", { id: m, name: "G", categories: ids(5000) }),
    "Group",
    "categories",
  );
  await expectFieldError(
    await send("PUT", `/api/groups/${group.id}`, { name: "Changed", categories: ids(5000) }),
    "Group",
    "categories",
  );
  await expectFieldError(
    await send("POST", "/api/users", {
      id: m,
      firstName: "F",
      infix: null,
      lastName: "L",
      roles: ["STUDENT"],
      groups: ids(5000),
    }),
    "User",
    "groups",
  );
  await expectFieldError(await send("POST", `/api/groups/${group.id}/members`, { users: ids(5000) }), "Group", "users");
  await expectFieldError(
    await postMultipart(request, "/api/categories", { id: m, name: "C", speechChallenges: ids(501) }, authed(org)),
    "Category",
    "speechChallenges",
  );
  await notFound(request, `/api/groups/${m}`, org);
  await notFound(request, `/api/users/${m}`, org);
  await notFound(request, `/api/categories/${m}`, org);
  const intact = await expectJson<{ name: string; categories: string[] }>(
    await request.get(`/api/groups/${group.id}`, { headers: authed(org) }),
    200,
  );
  expect(intact).toMatchObject({ name: "Intact", categories: [] });
  expect(await expectJson(await request.get(`/api/groups/${group.id}/members`, { headers: authed(org) }), 200)).toEqual(
    [],
  );

  // At the bound (500) the list is taken: the ids are looked up (unknown ones: 422 code missing), without a 500.
  const body = await expectError(await send("POST", "/api/groups", { id: m, name: "G", categories: ids(500) }), 422);
  expect(body.errors).toContainEqual(expect.objectContaining({ field: "categories", code: "missing" }));
  await notFound(request, `/api/groups/${m}`, org);
});
