// The progress read model (prisma/models.prisma, model ProgressCell; kept by the database's
// triggers, migration 0004) against the recordings themselves. Without a date range, progress
// answers read the model; with one, the grid reads the recordings (lib/progress/read-progress-cells.ts), so a
// range that holds every recording must give exactly the same grid. Writes that race for one
// cell (parallel uploads into new and shared result sets) must leave the model complete: on
// PostgreSQL each trigger recomputes its cell after the previous writer committed.
import { asUser, authed, createUser, expectJson, uniqueId } from "../support/api";
import { testAudio, uniqueWav, wavPart } from "../support/audio";
import { expect, test } from "../support/fixtures";
import { postMultipart } from "../support/multipart";

type Recording = { id: string; audioUrl: string; resultSet: { id: string } };
type Entry = {
  user: { id: string };
  challenges: { id: string; recordingSet: null | { id: string; recordings: { id: string; audioUrl: string }[] } }[];
};
type Grid = { students: { id: string; percentage: number; cells: unknown[][] }[] };

test("parallel uploads into new and shared sets: the read model answers what the recordings say", async ({
  request,
  world,
}) => {
  test.setTimeout(180_000);
  const audio = await testAudio();
  const org = authed(world.orgToken);
  const challenges: string[] = [];
  for (let i = 0; i < 2; i++) {
    const id = uniqueId("rmc");
    await expectJson(
      await postMultipart(request, "/api/challenges/speech", { id, language: "eng", topic: `Read model ${i}` }, org),
      201,
    );
    challenges.push(id);
  }
  const category = uniqueId("rmcat");
  await expectJson(
    await request.post("/api/categories", {
      data: { id: category, name: "Read model", speechChallenges: challenges },
      headers: org,
    }),
    201,
  );
  const group = uniqueId("rmg");
  await expectJson(
    await request.post("/api/groups", { data: { id: group, name: "Read model group" }, headers: org }),
    201,
  );
  const students: { id: string; token: string }[] = [];
  for (const lastName of ["Ant", "Bee"]) {
    const user = await createUser(request, world.orgToken, {
      firstName: "R",
      lastName,
      roles: ["STUDENT"],
      groups: [group],
    });
    students.push({ id: user.id, token: await asUser(request, world, user.id) });
  }
  const [ant] = students;
  const upload = async (challenge: string, resultSetId: string) =>
    expectJson<Recording>(
      await postMultipart(
        request,
        `/api/challenges/speech/${challenge}/recordings`,
        { audio: wavPart(uniqueWav(audio.wav)), resultSetId },
        authed(ant!.token),
      ),
      201,
    );

  // One cell raced by six writers: four new sets and two appends to one shared set.
  const c0 = challenges[0]!;
  const shared = uniqueId("rms");
  const raced = await Promise.all([
    ...[1, 2, 3, 4].map((i) => upload(c0, uniqueId(`rmn${i}`))),
    upload(c0, shared),
    upload(c0, shared),
  ]);
  expect(raced).toHaveLength(6);
  // Then, strictly later, a set of two in order: the most recent set of the cell.
  await new Promise((r) => setTimeout(r, 20));
  const last = uniqueId("rml");
  const lastRecordings = [await upload(c0, last), await upload(c0, last)];

  const range = `from=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}&to=${encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString())}`;
  const gridUrl = `/api/categories/${category}/progress/grid?group=${group}&role=STUDENT`;
  const teacher = org;
  const fromModel = await expectJson<Grid>(await request.get(gridUrl, { headers: teacher }), 200);
  const fromRecordings = await expectJson<Grid>(await request.get(`${gridUrl}&${range}`, { headers: teacher }), 200);
  expect(fromModel.students.map((s) => s.id)).toEqual(students.map((s) => s.id));
  expect(fromModel.students.map((s) => s.percentage)).toEqual([50, 0]);
  expect(fromModel.students[0]!.cells).toHaveLength(1);
  expect(fromModel.students[0]!.cells[0]!.slice(0, 2)).toEqual([0, 6]); // challenge 0, six answers (result sets) of eight recordings: six attempts
  expect(fromModel).toEqual(fromRecordings);

  // The contract answer: the most recent set, its recordings in position order.
  const entries = await expectJson<Entry[]>(
    await request.get(`/api/categories/${category}/progress?group=${group}&role=STUDENT`, { headers: teacher }),
    200,
  );
  expect(entries.map((e) => e.user.id)).toEqual(students.map((s) => s.id));
  expect(entries[0]!.challenges.map((c) => c.recordingSet?.id ?? null)).toEqual([last, null]);
  expect(entries[0]!.challenges[0]!.recordingSet!.recordings).toEqual(
    lastRecordings.map((r) => ({ id: r.id, audioUrl: r.audioUrl })),
  );
  expect(entries[1]!.challenges.map((c) => c.recordingSet)).toEqual([null, null]);

  // The student's own answer reads the same cells.
  const own = await expectJson<Entry[]>(
    await request.get(`/api/categories/${category}/progress`, { headers: authed(ant!.token) }),
    200,
  );
  expect(own[0]!.challenges).toEqual(entries[0]!.challenges);
});
