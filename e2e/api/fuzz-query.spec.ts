// Hostile query strings on every GET route (every app/api route file, found on disk: a new route is
// fuzzed without being listed here), driven by the query schema each declares (e2e/support/fuzz-query.ts):
// numbers huge, negative, NaN, infinite or fractional; lists where one value is expected and more
// repeats than a list takes; impossible dates; unknown enum values; 10,000-character strings;
// unicode, NUL, malformed '%' escapes; unknown, odd and 1,000 parameters. Never a 5xx; every error
// a JSON body with a `message`; a value that is surely invalid is a 400 or 422 (for a caller who may
// read the route at all), and what a route ignores changes nothing. The progress route is also asked
// for CSV (Accept: text/csv): its errors are JSON all the same.
import type { APIRequestContext } from "@playwright/test";
import { authed } from "../support/api";
import { prepareTestAudio } from "../support/audio";
import { expect, test } from "../support/fixtures";
import { type QueryTarget, queryCases, readTargets } from "../support/fuzz-query";
import { FuzzRun } from "../support/fuzz-run";
import { type Caller, type FuzzWorld, fuzzWorld } from "../support/fuzz-targets";

prepareTestAudio();

/** The first caller whose plain request succeeds (else the first whose answer is not 401/403), and that status. */
async function reader(
  request: APIRequestContext,
  fw: FuzzWorld,
  target: QueryTarget,
): Promise<{ caller: Caller; status: number }> {
  let fallback: { caller: Caller; status: number } | null = null;
  for (const caller of fw.callers) {
    const status = (await request.get(target.url, { headers: authed(caller.token), maxRedirects: 0 })).status();
    if (status < 300) return { caller, status };
    if (!fallback && status !== 401 && status !== 403) fallback = { caller, status };
  }
  return fallback ?? { caller: fw.callers[0], status: 403 };
}

const SHARDS = 2;
for (let shard = 0; shard < SHARDS; shard++) {
  test(`every GET answers hostile query strings without a 5xx, bad values with a JSON 4xx (part ${shard + 1} of ${SHARDS})`, async ({
    request,
    admin,
    world,
  }) => {
    test.setTimeout(300_000);
    const started = Date.now();
    const fw = await fuzzWorld(request, admin, world);
    const all = await readTargets(fw.ids);
    expect(all.filter((t) => t.declaration?.query).length, "GET routes with a declared query").toBeGreaterThan(15);
    const targets = all.filter((_, i) => i % SHARDS === shard);
    const run = new FuzzRun(request);
    let judged = 0;
    for (const target of targets) {
      const { caller, status: plain } = await reader(request, fw, target);
      const accepts = target.template.endsWith("/progress") ? ["application/json", "text/csv"] : ["application/json"];
      for (const accept of accepts) {
        for (const c of queryCases(target.declaration)) {
          const url = `${target.url}?${c.query}`;
          const label = `GET ${target.template} (${accept}): ${c.label}, as ${caller.label}`;
          const status = await run.send(label, "GET", url, { ...authed(caller.token), Accept: accept });
          // What a value must get is only known when the caller may read the route at all.
          const problem =
            c.expect === "reject" && plain < 300 && status !== 400 && status !== 422
              ? `a surely invalid value got ${status}, not 400 or 422`
              : c.expect === "same" && status !== plain && !(plain < 300 && status < 300)
                ? `an ignored parameter changed the answer from ${plain} to ${status}`
                : null;
          if (c.expect !== "any" && plain < 300) judged++;
          if (problem) run.failures.push({ label, method: "GET", url: url.slice(0, 300), status, problem, body: "" });
        }
      }
    }
    console.log(
      `${run.summary(`query fuzz (${test.info().project.name}, part ${shard + 1} of ${SHARDS})`)}; ${targets.length} targets, ${judged} answers judged by what they must be, in ${Math.round((Date.now() - started) / 1000)} s`,
    );
    expect(judged, "cases whose answer is known").toBeGreaterThan(200);
    expect(run.failures, JSON.stringify(run.failures.slice(0, 30), null, 1)).toEqual([]);
  });
}
