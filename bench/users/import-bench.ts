// Bulk import benchmark: POST /api/users/import of STUDENTS (default 1,000) students from one CSV
// into a fresh organisation of a private server (scripts/serve.ts on the current build, its own
// SQLite file), RUNS (default 3) times, each into new groups. Prints the time of each import, the
// median and the per-student figure. Most of it is argon2id hashing of the generated passwords
// (19 MiB, t=2: ~25-80 ms each, four at a time), which is on purpose.
//
//   npx tsx bench/users/import-bench.ts
//   BENCH_STUDENTS=2000 BENCH_RUNS=1 BENCH_PORT=4951 npx tsx bench/users/import-bench.ts
// Build the app first: `npx tsx scripts/prepare.ts`. Prints figures; asserts nothing.
import fs from "node:fs";
import path from "node:path";
import { privateServer, seedOrganisation, serverCall } from "../../e2e/support/server";

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 4950);
const root = path.resolve(import.meta.dirname, "../..");
if (!fs.existsSync(path.join(root, ".next/BUILD_ID")))
  throw new Error("The app is not built: run `npx tsx scripts/prepare.ts` first");

const server = await privateServer(PORT, { BACKGROUND_JOBS: "false" });
try {
  const { org } = await seedOrganisation(server, "bench", "bench");
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const lines = ["firstName,infix,lastName,group"];
    for (let i = 0; i < STUDENTS; i++) lines.push(`Pupil${run}x${i},,Family${i % 97},Run ${run} group ${1 + (i % 30)}`);
    const started = performance.now();
    const report = await serverCall<{ created: number }>(
      server,
      "POST",
      "/users/import",
      org,
      JSON.stringify({ csv: lines.join("\n"), createGroups: true }),
      "application/json",
    );
    const elapsed = performance.now() - started;
    times.push(elapsed);
    console.log(
      `run ${run + 1}: ${report.created} students imported in ${(elapsed / 1000).toFixed(2)} s (${(elapsed / report.created).toFixed(1)} ms per student)`,
    );
  }
  const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];
  console.log(
    `median of ${RUNS}: ${(median / 1000).toFixed(2)} s for ${STUDENTS} students (SQLite, ${server.dataDir})`,
  );
} finally {
  await server.stop();
}
