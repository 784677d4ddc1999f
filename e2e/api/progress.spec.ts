// Progress per category (service-interface.md: "Progress entry", section 4 "Categories" →
// GET /categories/:category/progress), over HTTP with real spoken audio, and through the real,
// unchanged @itslanguage/api 5.7.0 SDK (`progress.getById(id, groups, role)`).
// Seed: a root category (challenges c1 with reference audio, c2) with a nested child
// (c3, c4, c5); two groups of students; recordings posted as multipart audio.
//   s1 (group A): c1 in set rs1 (2 recordings) and later in set rs1b (1 recording), c3 in rs2
//   s2 (group A): nothing;  s3 (group B): c1, c2, c3;  teacher T (group A, TEACHER)
// percentage = share of the subtree's challenges with ≥ 1 recording, rounded to 2 decimals;
// recordingSet = the user's most recent result set for that challenge (lib/progress/stream-progress.ts).
// The CSV form (Accept: text/csv) and our compact grid (GET .../progress/grid) read the same.
// The tests share one seed and the SDK's module state: serial.
import type { APIRequestContext } from "@playwright/test";
import {
  asUser,
  authed,
  baseURL,
  createOrganisation,
  createUser,
  downloadUrlPattern,
  expectJson,
  impersonate,
  uniqueId,
} from "../support/api";
import { expectError } from "../support/assertions";
import { oggPart, testAudio, uniqueWav, wavPart } from "../support/audio";
import { expect, test } from "../support/fixtures";
import { postMultipart } from "../support/multipart";
import { ANALYSIS_WORDS } from "../support/pronunciation";
import { type ItslSdk, loadSdk } from "../support/sdk";

test.describe.configure({ mode: "serial" });

type Entry = {
  category: string;
  percentage: number;
  user: { id: string; firstName: string; infix: string | null; lastName: string };
  challenges: {
    id: string;
    referenceAudioUrl: string | null;
    recordingSet: null | { id: string; combinedAudioUrl: string; recordings: { id: string; audioUrl: string }[] };
  }[];
};
type Recording = { id: string; audioUrl: string; created: string; resultSet: { id: string; combinedAudioUrl: string } };
type ProgressSdk = ItslSdk & {
  progress: { getById(id: string, groups?: string[] | string, role?: string): Promise<unknown> };
};

type Seed = {
  tenantId: string;
  orgId: string;
  tenantToken: string;
  orgToken: string;
  teacher: { id: string; token: string };
  students: { id: string; token: string; lastName: string }[];
  groupA: string;
  groupB: string;
  root: string;
  child: string;
  challenges: string[]; // c1..c5 in walk order
  recs: Record<string, Recording[]>; // by result set id
  sets: { rs1: string; rs1b: string; rs2: string; s3: string[] };
};
let seed: Seed;

const progressUrl = (category: string, groups: string[] = [], roles: string[] = []) => {
  const q = new URLSearchParams();
  for (const g of groups) q.append("group", g);
  for (const r of roles) q.append("role", r);
  const s = q.toString();
  return `/api/categories/${category}/progress${s ? `?${s}` : ""}`;
};

async function progress(
  request: APIRequestContext,
  token: string,
  category: string,
  groups: string[] = [],
  roles: string[] = [],
): Promise<Entry[]> {
  return expectJson<Entry[]>(await request.get(progressUrl(category, groups, roles), { headers: authed(token) }), 200);
}

async function createChallenge(request: APIRequestContext, token: string, reference?: Buffer): Promise<string> {
  const id = uniqueId("pc");
  const fields = {
    id,
    language: "eng",
    topic: "Progress",
    ...(reference ? { referenceAudio: wavPart(reference) } : {}),
  };
  await expectJson(await postMultipart(request, "/api/challenges/speech", fields, authed(token)), 201);
  return id;
}

async function createCategory(
  request: APIRequestContext,
  token: string,
  data: Record<string, unknown>,
): Promise<string> {
  const id = uniqueId("pcat");
  await expectJson(await request.post("/api/categories", { data: { id, ...data }, headers: authed(token) }), 201);
  return id;
}

test("seed: organisation, nested categories, groups, students and recordings", async ({ request, world }) => {
  test.setTimeout(180_000);
  const audio = await testAudio();
  const c1 = await createChallenge(request, world.orgToken, uniqueWav(audio.wav));
  const [c2, c3, c4, c5] = [
    await createChallenge(request, world.orgToken),
    await createChallenge(request, world.orgToken),
    await createChallenge(request, world.orgToken),
    await createChallenge(request, world.orgToken),
  ];
  const root = await createCategory(request, world.orgToken, { name: "Root", speechChallenges: [c1, c2] });
  const child = await createCategory(request, world.orgToken, {
    name: "Child",
    parent: root,
    speechChallenges: [c3, c4, c5],
  });
  // A second, later child holding c1 again: a challenge counts once, at its first place.
  await createCategory(request, world.orgToken, { name: "Dup", parent: root, speechChallenges: [c1] });
  const groupA = uniqueId("ga");
  const groupB = uniqueId("gb");
  for (const id of [groupA, groupB])
    await expectJson(
      await request.post("/api/groups", { data: { id, name: id }, headers: authed(world.orgToken) }),
      201,
    );
  const students: Seed["students"] = [];
  for (const [lastName, group] of [
    ["Alpha", groupA],
    ["Bravo", groupA],
    ["Charlie", groupB],
  ] as const) {
    const user = await createUser(request, world.orgToken, {
      firstName: "S",
      infix: "de",
      lastName,
      roles: ["STUDENT"],
      groups: [group],
    });
    students.push({ id: user.id, token: await asUser(request, world, user.id), lastName });
  }
  const t = await createUser(request, world.orgToken, {
    firstName: "T",
    infix: "van",
    lastName: "Aaron",
    roles: ["TEACHER"],
    groups: [groupA],
  });
  const teacher = { id: t.id, token: await asUser(request, world, t.id) };

  const recs: Record<string, Recording[]> = {};
  const record = async (token: string, challenge: string, resultSetId: string) => {
    const rec = await expectJson<Recording>(
      await postMultipart(
        request,
        `/api/challenges/speech/${challenge}/recordings`,
        { audio: wavPart(uniqueWav(audio.wav)), resultSetId },
        authed(token),
      ),
      201,
    );
    (recs[resultSetId] ??= []).push(rec);
  };
  const sets = {
    rs1: uniqueId("rs1"),
    rs1b: uniqueId("rs1b"),
    rs2: uniqueId("rs2"),
    s3: [uniqueId("s3a"), uniqueId("s3b"), uniqueId("s3c")],
  };
  await record(students[0]!.token, c1, sets.rs1);
  await record(students[0]!.token, c1, sets.rs1);
  await record(students[0]!.token, c3, sets.rs2);
  await new Promise((r) => setTimeout(r, 20)); // rs1b's recording is strictly newer than rs1's
  await record(students[0]!.token, c1, sets.rs1b);
  await record(students[2]!.token, c1, sets.s3[0]!);
  await record(students[2]!.token, c2, sets.s3[1]!);
  await record(students[2]!.token, c3, sets.s3[2]!);
  seed = { ...world, teacher, students, groupA, groupB, root, child, challenges: [c1, c2, c3, c4, c5], recs, sets };
});

test("teacher: groups + role STUDENT → every student's entry, percentages over the nested subtree, recording sets", async ({
  request,
}) => {
  const entries = await progress(request, seed.teacher.token, seed.root, [seed.groupA, seed.groupB], ["STUDENT"]);
  expect(entries.map((e) => e.user.id)).toEqual(seed.students.map((s) => s.id));
  expect(entries.map((e) => e.percentage)).toEqual([40, 0, 60]);
  for (const e of entries) {
    expect(Object.keys(e).sort()).toEqual(["category", "challenges", "percentage", "user"]);
    expect(e.category).toBe(seed.root);
    expect(e.challenges.map((c) => c.id)).toEqual(seed.challenges);
    expect(e.challenges[0]!.referenceAudioUrl).toMatch(downloadUrlPattern());
    expect(e.challenges.slice(1).map((c) => c.referenceAudioUrl)).toEqual([null, null, null, null]);
  }
  const [s1, s2, s3] = entries;
  expect(s1!.user).toEqual({ id: seed.students[0]!.id, firstName: "S", infix: "de", lastName: "Alpha" });
  // c1: the most recent set (rs1b), not rs1; c3: rs2; the rest null.
  const setOf = (id: string) => ({
    id,
    combinedAudioUrl: `${baseURL()}/api/resultsets/${id}/audio`,
    recordings: seed.recs[id]!.map((r) => ({ id: r.id, audioUrl: r.audioUrl })),
  });
  expect(s1!.challenges.map((c) => c.recordingSet)).toEqual([
    setOf(seed.sets.rs1b),
    null,
    setOf(seed.sets.rs2),
    null,
    null,
  ]);
  expect(s2!.challenges.map((c) => c.recordingSet)).toEqual([null, null, null, null, null]);
  expect(s3!.challenges.map((c) => c.recordingSet)).toEqual([...seed.sets.s3.map(setOf), null, null]);
  expect(seed.recs[seed.sets.rs1]).toHaveLength(2);

  // The URLs work: combined audio of the chosen set, and the recording's own audio.
  const combined = await request.get(s1!.challenges[2]!.recordingSet!.combinedAudioUrl, {
    headers: authed(seed.teacher.token),
  });
  expect(combined.status()).toBe(200);
  expect(combined.headers()["content-type"]).toBe("audio/ogg");
});

test("the nested category alone: its own challenges; 1 of 3 → 33.33 (rounded to two decimals)", async ({ request }) => {
  const entries = await progress(request, seed.teacher.token, seed.child, [seed.groupA], ["STUDENT"]);
  expect(entries.map((e) => [e.user.id, e.percentage])).toEqual([
    [seed.students[0]!.id, 33.33],
    [seed.students[1]!.id, 0],
  ]);
  expect(entries[0]!.category).toBe(seed.child);
  expect(entries[0]!.challenges.map((c) => c.id)).toEqual(seed.challenges.slice(2));
});

test("group and role filters", async ({ request }) => {
  const a = await progress(request, seed.teacher.token, seed.root, [seed.groupA]);
  expect(a.map((e) => e.user.id)).toEqual([seed.teacher.id, seed.students[0]!.id, seed.students[1]!.id]); // Aaron, Alpha, Bravo
  expect(
    (await progress(request, seed.teacher.token, seed.root, [seed.groupA], ["TEACHER"])).map((e) => e.user.id),
  ).toEqual([seed.teacher.id]);
  expect((await progress(request, seed.teacher.token, seed.root, [seed.groupB])).map((e) => e.user.id)).toEqual([
    seed.students[2]!.id,
  ]);
  expect(await progress(request, seed.teacher.token, seed.root, [seed.groupB], ["TEACHER"])).toEqual([]);
  expect(await progress(request, seed.teacher.token, seed.root, [uniqueId("nogroup")])).toEqual([]);
  // At most 500 groups and 100 roles per request; a blank group is invalid.
  const many = Array.from({ length: 501 }, (_, i) => `g${i}`);
  expect(
    (await expectError(await request.get(progressUrl(seed.root, many), { headers: authed(seed.teacher.token) }), 422))
      .errors?.[0],
  ).toMatchObject({ field: "group", code: "invalid" });
  await expectError(await request.get(progressUrl(seed.root, [""]), { headers: authed(seed.teacher.token) }), 422);
  // The organisation itself sees the groups too.
  expect(
    (await progress(request, seed.orgToken, seed.root, [seed.groupA, seed.groupB], ["STUDENT"])).map(
      (e) => e.percentage,
    ),
  ).toEqual([40, 0, 60]);
});

test("current user (no group); a student's group filter only ever yields themselves", async ({ request }) => {
  const [s1, , s3] = seed.students;
  const own = await progress(request, s1!.token, seed.root);
  expect(own).toHaveLength(1);
  expect(own[0]).toMatchObject({ category: seed.root, percentage: 40, user: { id: s1!.id } });
  expect((await progress(request, s3!.token, seed.root))[0]!.percentage).toBe(60);
  const teacherOwn = await progress(request, seed.teacher.token, seed.root);
  expect(teacherOwn.map((e) => [e.user.id, e.percentage])).toEqual([[seed.teacher.id, 0]]);
  expect(await progress(request, s1!.token, seed.root, [], ["TEACHER"])).toEqual([]);
  expect((await progress(request, s1!.token, seed.root, [seed.groupA, seed.groupB])).map((e) => e.user.id)).toEqual([
    s1!.id,
  ]);
  expect(await progress(request, s1!.token, seed.root, [seed.groupB])).toEqual([]);
  // An organisation token acts for no user: the current-user form is refused.
  await expectError(await request.get(progressUrl(seed.root), { headers: authed(seed.orgToken) }), 403);
});

test("unknown category and another organisation's category → 404; tenant token → 403", async ({ request }) => {
  await expectError(await request.get(progressUrl(uniqueId("nocat")), { headers: authed(seed.teacher.token) }), 404);
  const other = await createOrganisation(request, seed.tenantToken);
  const otherToken = await impersonate(request, seed.tenantToken, `tenant/${seed.tenantId}/organisation/${other.id}`);
  const u = await createUser(request, otherToken, { roles: ["TEACHER"] });
  const outsider = await impersonate(
    request,
    otherToken,
    `tenant/${seed.tenantId}/organisation/${other.id}/student/${u.id}`,
  );
  await expectError(await request.get(progressUrl(seed.root), { headers: authed(outsider) }), 404);
  await expectError(await request.get(progressUrl(seed.root, [seed.groupA]), { headers: authed(otherToken) }), 404);
  await expectError(
    await request.get(progressUrl(seed.root, [seed.groupA]), { headers: authed(seed.tenantToken) }),
    403,
  );
  const post = await request.post(progressUrl(seed.root), { headers: authed(seed.teacher.token) });
  expect(post.status()).toBe(405);
});

test("SDK: progress.getById(id, groups, role) and getById(id) unchanged", async ({ request }, testInfo) => {
  const sdk = loadSdk(String(testInfo.project.use.baseURL)) as ProgressSdk;
  sdk.communication.updateSettings({ authorizationToken: seed.teacher.token });
  const viaSdk = await sdk.progress.getById(seed.root, [seed.groupA, seed.groupB], "STUDENT");
  expect(viaSdk).toEqual(
    await progress(request, seed.teacher.token, seed.root, [seed.groupA, seed.groupB], ["STUDENT"]),
  );
  expect((viaSdk as Entry[]).map((e) => e.percentage)).toEqual([40, 0, 60]);
  expect(((await sdk.progress.getById(seed.root, seed.groupB)) as Entry[]).map((e) => e.user.id)).toEqual([
    seed.students[2]!.id,
  ]);
  sdk.communication.updateSettings({ authorizationToken: seed.students[0]!.token });
  const own = (await sdk.progress.getById(seed.root)) as Entry[];
  expect(own.map((e) => [e.user.id, e.percentage])).toEqual([[seed.students[0]!.id, 40]]);
  const error = await sdk.progress.getById(uniqueId("nocat")).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toMatchObject({ message: expect.any(String) });
});

/** RFC 4180 lines → cells (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") row.push(cell), (cell = "");
    else if (ch === "\r" && text[i + 1] === "\n") row.push(cell), rows.push(row), (row = []), (cell = ""), i++;
    else cell += ch;
  }
  if (cell || row.length) row.push(cell), rows.push(row);
  return rows;
}

const newest = (id: string) =>
  seed.recs[id]!.map((r) => r.created)
    .sort()
    .at(-1)!;

test("CSV (Accept: text/csv, ours): names, group, completed %, then per challenge attempts (answers), last answer in the asked time zone and score; no ids", async ({
  request,
}) => {
  const response = await request.get(
    `${progressUrl(seed.root, [seed.groupA, seed.groupB], ["STUDENT"])}&timeZone=Europe%2FAmsterdam`,
    { headers: { ...authed(seed.teacher.token), Accept: "text/csv" } },
  );
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  // Named after the category and the day, never an id.
  expect(response.headers()["content-disposition"]).toMatch(
    /^attachment; filename="progress-root-\d{4}-\d{2}-\d{2}\.csv"$/,
  );
  const text = await response.text();
  expect(text.endsWith("\r\n")).toBe(true);
  for (const s of seed.students) expect(text).not.toContain(s.id);
  const [header, ...lines] = parseCsv(text);
  expect(header).toEqual([
    "First name",
    "Infix",
    "Last name",
    "Group",
    "Completed (%)",
    ...seed.challenges.flatMap(() => ["Progress: attempts", "Progress: last answer", "Progress: score (%)"]),
  ]);
  // Local time in Amsterdam, to the minute (an independent formatter: Swedish dates read YYYY-MM-DD HH:mm).
  const local = (id: string) =>
    new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Amsterdam", dateStyle: "short", timeStyle: "short" }).format(
      new Date(newest(id)),
    );
  const none = ["0", "", ""];
  expect(lines).toEqual([
    // c1: two answers (rs1 of two recordings, rs1b), the last one rs1b; c3: one answer.
    [
      "S",
      "de",
      "Alpha",
      seed.groupA,
      "40",
      "2",
      local(seed.sets.rs1b),
      "",
      ...none,
      "1",
      local(seed.sets.rs2),
      "",
      ...none,
      ...none,
    ],
    ["S", "de", "Bravo", seed.groupA, "0", ...none, ...none, ...none, ...none, ...none],
    [
      "S",
      "de",
      "Charlie",
      seed.groupB,
      "60",
      ...seed.sets.s3.flatMap((set) => ["1", local(set), ""]),
      ...none,
      ...none,
    ],
  ]);
  // Without a time zone: UTC. An unknown one is a clear 422.
  const utc = parseCsv(
    await (
      await request.get(progressUrl(seed.root, [seed.groupA], ["STUDENT"]), {
        headers: { ...authed(seed.teacher.token), Accept: "text/csv" },
      })
    ).text(),
  );
  expect(utc[1]![6]).toBe(`${newest(seed.sets.rs1b).slice(0, 10)} ${newest(seed.sets.rs1b).slice(11, 16)}`);
  await expectError(
    await request.get(`${progressUrl(seed.root, [seed.groupA])}&timeZone=Mars%2FOlympus`, {
      headers: { ...authed(seed.teacher.token), Accept: "text/csv" },
    }),
    422,
  );
  const [s1] = seed.students;
  // The same access rules: a student gets only their own line; another organisation's category is missing.
  const own = await request.get(progressUrl(seed.root, [seed.groupA, seed.groupB]), {
    headers: { ...authed(s1!.token), Accept: "text/csv" },
  });
  expect(
    parseCsv(await own.text())
      .slice(1)
      .map((l) => [l[2], l[3]]),
  ).toEqual([["Alpha", seed.groupA]]);
  await expectError(
    await request.get(progressUrl(uniqueId("nocat")), {
      headers: { ...authed(seed.teacher.token), Accept: "text/csv" },
    }),
    404,
  );
  // JSON stays the default, and wins when preferred.
  const json = await request.get(progressUrl(seed.root, [seed.groupA]), {
    headers: { ...authed(seed.teacher.token), Accept: "text/csv;q=0.5, application/json" },
  });
  expect(json.headers()["content-type"]).toContain("application/json");
});

test("CSV: quotes, commas and line breaks are quoted; cells a spreadsheet would run as formulas are defused", async ({
  request,
}) => {
  const group = uniqueId("gcsv");
  await expectJson(
    await request.post("/api/groups", { data: { id: group, name: group }, headers: authed(seed.orgToken) }),
    201,
  );
  await createUser(request, seed.orgToken, {
    firstName: 'Ann, "the" \nfirst',
    infix: "@home",
    lastName: '=HYPERLINK("http://x")',
    roles: ["STUDENT"],
    groups: [group],
  });
  const response = await request.get(progressUrl(seed.child, [group]), {
    headers: { ...authed(seed.teacher.token), Accept: "text/csv" },
  });
  const text = await response.text();
  expect(text).toContain('"Ann, ""the"" \nfirst"');
  expect(parseCsv(text)[1]).toEqual([
    'Ann, "the" \nfirst',
    "'@home",
    '\'=HYPERLINK("http://x")',
    group,
    "0",
    ...["0", "", ""],
    ...["0", "", ""],
    ...["0", "", ""],
  ]);
});

type Grid = {
  category: string;
  challenges: { id: string; topic: string | null; hasReferenceAudio: boolean }[];
  students: {
    id: string;
    firstName: string;
    infix: string | null;
    lastName: string;
    percentage: number;
    cells: [number, number, number, number, number | null][];
  }[];
};
type Cell = {
  user: string;
  challenge: string;
  referenceAudioUrl: string | null;
  attempts: number;
  recordingSet: {
    id: string;
    combinedAudioUrl: string;
    durationMs: number;
    recordings: { id: string; audioUrl: string | null; created: string }[];
  } | null;
  answers: {
    id: string;
    combinedAudioUrl: string;
    durationMs: number;
    created: string;
    recordings: { id: string; audioUrl: string | null; created: string }[];
  }[];
};
const cellUrl = (category: string, user: string, challenge: string, range: { from?: string; to?: string } = {}) =>
  `/api/categories/${category}/progress/cell?${new URLSearchParams({ user, challenge, ...range })}`;
const gridUrl = (category: string, groups: string[], roles: string[], range: { from?: string; to?: string } = {}) => {
  const q = new URLSearchParams();
  for (const g of groups) q.append("group", g);
  for (const r of roles) q.append("role", r);
  if (range.from) q.set("from", range.from);
  if (range.to) q.set("to", range.to);
  return `/api/categories/${category}/progress/grid?${q}`;
};

test("grid (ours): challenges and names once; per recorded cell attempts, last time, duration, pronunciation score; a cell opened names its set", async ({
  request,
}) => {
  // A pronunciation challenge with c2's id, analysed by s3: the score shows in s3's c2 cell.
  const audio = await testAudio();
  const c2 = seed.challenges[1]!;
  await expectJson(
    await postMultipart(
      request,
      "/api/challenges/pronunciation",
      { id: c2, transcription: "The queen", language: "eng", referenceAudio: oggPart(audio.ogg) },
      authed(seed.orgToken),
    ),
    201,
  );
  const words = {
    buffer: Buffer.from(JSON.stringify(ANALYSIS_WORDS)),
    name: "words.json",
    mimeType: "application/json",
  };
  for (const score of ["0.25", "0.75"]) {
    await expectJson(
      await postMultipart(
        request,
        `/api/challenges/pronunciation/${c2}/analyses`,
        { audio: oggPart(audio.ogg), score, words },
        authed(seed.students[2]!.token),
      ),
      201,
    );
  }

  const grid = await expectJson<Grid>(
    await request.get(gridUrl(seed.root, [seed.groupA, seed.groupB], ["STUDENT"]), {
      headers: authed(seed.teacher.token),
    }),
    200,
  );
  expect(grid.category).toBe(seed.root);
  expect(grid.challenges).toEqual(
    seed.challenges.map((id, i) => ({ id, topic: "Progress", hasReferenceAudio: i === 0 })),
  );
  expect(grid.students.map((s) => [s.id, s.firstName, s.infix, s.lastName, s.percentage])).toEqual(
    seed.students.map((s, i) => [s.id, "S", "de", s.lastName, [40, 0, 60][i]]),
  );
  expect(JSON.stringify(grid)).not.toContain("http"); // no URLs: ids and numbers
  const time = (id: string) => Date.parse(newest(id));
  const [s1, s2, s3] = grid.students;
  // c1: 2 attempts (answers rs1, of two recordings, and rs1b), the most recent set rs1b; c3: rs2.
  expect(s1!.cells.map(([c, n, t, , score]) => [c, n, t, score])).toEqual([
    [0, 2, time(seed.sets.rs1b), null],
    [2, 1, time(seed.sets.rs2), null],
  ]);
  expect(s2!.cells).toEqual([]);
  expect(s3!.cells.map(([c, n, , , score]) => [c, n, score])).toEqual([
    [0, 1, null],
    [1, 1, 0.75], // the newest analysis
    [2, 1, null],
  ]);
  for (const cell of [...s1!.cells, ...s3!.cells]) expect(cell[3]).toBeGreaterThan(500); // each set's spoken audio lasts over half a second

  // A cell opened: the most recent set (c1: rs1b, not rs1), its recordings in order, the duration the grid showed.
  const teacher = authed(seed.teacher.token);
  const [c1, , c3] = seed.challenges;
  const opened = await expectJson<Cell>(await request.get(cellUrl(seed.root, s1!.id, c1!), { headers: teacher }), 200);
  expect(opened).toMatchObject({
    user: s1!.id,
    challenge: c1,
    attempts: 2,
    recordingSet: { id: seed.sets.rs1b, durationMs: s1!.cells[0]![3] },
  });
  // Every answer is listed, newest first, each with its recordings to play.
  expect(opened.answers.map((a) => [a.id, a.recordings.map((r) => r.id)])).toEqual([
    [seed.sets.rs1b, seed.recs[seed.sets.rs1b]!.map((r) => r.id)],
    [seed.sets.rs1, seed.recs[seed.sets.rs1]!.map((r) => r.id)],
  ]);
  expect(opened.answers[1]!.combinedAudioUrl).toBe(`${baseURL()}/api/resultsets/${seed.sets.rs1}/audio`);
  expect(opened.answers[1]!.created).toBe(newest(seed.sets.rs1));
  expect(opened.referenceAudioUrl).toMatch(/\/api\/download\//);
  expect(opened.recordingSet!.combinedAudioUrl).toBe(`${baseURL()}/api/resultsets/${seed.sets.rs1b}/audio`);
  expect(opened.recordingSet!.recordings).toEqual(
    seed.recs[seed.sets.rs1b]!.map((r) => ({ id: r.id, audioUrl: r.audioUrl, created: r.created })),
  );
  for (const r of opened.recordingSet!.recordings)
    expect((await request.get(r.audioUrl!, { headers: teacher })).status()).toBe(200);
  expect(
    (await expectJson<Cell>(await request.get(cellUrl(seed.root, s3!.id, c2), { headers: teacher }), 200)).recordingSet
      ?.id,
  ).toBe(seed.sets.s3[1]);
  expect(
    await expectJson<Cell>(await request.get(cellUrl(seed.root, s2!.id, c3!), { headers: teacher }), 200),
  ).toMatchObject({ attempts: 0, recordingSet: null, referenceAudioUrl: null });
  // A student opens their own cells only; others, unknown users and challenges outside the category answer 404.
  const student = authed(seed.students[0]!.token);
  expect(
    (await expectJson<Cell>(await request.get(cellUrl(seed.root, s1!.id, c1!), { headers: student }), 200)).recordingSet
      ?.id,
  ).toBe(seed.sets.rs1b);
  await expectError(await request.get(cellUrl(seed.root, s3!.id, c2), { headers: student }), 404);
  await expectError(await request.get(cellUrl(seed.root, uniqueId("nobody"), c1!), { headers: teacher }), 404);
  await expectError(await request.get(cellUrl(seed.root, s1!.id, uniqueId("nochallenge")), { headers: teacher }), 404);
  await expectError(await request.get(cellUrl(uniqueId("nocat"), s1!.id, c1!), { headers: teacher }), 404);
  await expectError(await request.get(cellUrl(seed.root, "", c1!), { headers: teacher }), 422);
  // The same access rules as the contract answer.
  const own = await expectJson<Grid>(
    await request.get(gridUrl(seed.root, [seed.groupA, seed.groupB], []), { headers: authed(seed.students[0]!.token) }),
    200,
  );
  expect(own.students.map((s) => s.id)).toEqual([seed.students[0]!.id]);
  await expectError(
    await request.get(gridUrl(uniqueId("nocat"), [seed.groupA], []), { headers: authed(seed.teacher.token) }),
    404,
  );
});

test("grid: a date range counts only the recordings made within it (from inclusive, to exclusive)", async ({
  request,
}) => {
  const split = newest(seed.sets.rs1b); // s1's last recording; s3 recorded after it
  const after = await expectJson<Grid>(
    await request.get(gridUrl(seed.root, [seed.groupA, seed.groupB], ["STUDENT"], { from: split }), {
      headers: authed(seed.teacher.token),
    }),
    200,
  );
  expect(after.students.map((s) => s.percentage)).toEqual([20, 0, 60]);
  expect(after.students[0]!.cells.map(([c, n]) => [c, n])).toEqual([[0, 1]]);
  const teacher = authed(seed.teacher.token);
  const [c1, , c3] = seed.challenges;
  const s1 = seed.students[0]!.id;
  expect(
    await expectJson<Cell>(await request.get(cellUrl(seed.root, s1, c1!, { from: split }), { headers: teacher }), 200),
  ).toMatchObject({ attempts: 1, recordingSet: { id: seed.sets.rs1b } });
  const before = await expectJson<Grid>(
    await request.get(gridUrl(seed.root, [seed.groupA, seed.groupB], ["STUDENT"], { to: split }), {
      headers: authed(seed.teacher.token),
    }),
    200,
  );
  expect(before.students.map((s) => s.percentage)).toEqual([40, 0, 0]);
  // Before rs1b, c1's most recent set is rs1 (one answer of two recordings: one attempt).
  expect(before.students[0]!.cells.map(([c, n]) => [c, n])).toEqual([
    [0, 1],
    [2, 1],
  ]);
  expect(
    await expectJson<Cell>(await request.get(cellUrl(seed.root, s1, c1!, { to: split }), { headers: teacher }), 200),
  ).toMatchObject({ attempts: 1, recordingSet: { id: seed.sets.rs1 } });
  expect(
    await expectJson<Cell>(await request.get(cellUrl(seed.root, s1, c3!, { from: split }), { headers: teacher }), 200),
  ).toMatchObject({ attempts: 0, recordingSet: null });
  await expectError(
    await request.get(cellUrl(seed.root, s1, c1!, { from: split, to: split }), { headers: teacher }),
    422,
  );
  const bad = await expectError(
    await request.get(gridUrl(seed.root, [seed.groupA], [], { from: "yesterday" }), {
      headers: authed(seed.teacher.token),
    }),
    422,
  );
  expect(bad.errors?.[0]).toMatchObject({ field: "from", code: "invalid" });
  const reversed = await expectError(
    await request.get(gridUrl(seed.root, [seed.groupA], [], { from: split, to: split }), {
      headers: authed(seed.teacher.token),
    }),
    422,
  );
  expect(reversed.errors?.[0]).toMatchObject({ field: "to", code: "invalid" });
});
