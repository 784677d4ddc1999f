// What a benchmark's browser run spent its time on, printed: the heaviest JavaScript functions of
// a CPU profile (CDP Profiler), and the page's main-thread work from a Chromium trace.

type Profile = {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples?: number[];
  timeDeltas?: number[];
};

/** Self time per function (name, file and line), the heaviest 15. */
export function printProfile(profile: Profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const self = new Map<string, number>();
  (profile.samples ?? []).forEach((id, i) => {
    const f = byId.get(id)!;
    const key = `${f.functionName || "(anonymous)"} ${f.url.split("/").pop()}:${f.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000);
  });
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 15);
  console.log(`  profile (self time): ${top.map(([k, v]) => `${k} ${v.toFixed(0)} ms`).join("; ")}`);
}

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
};

/** The renderer main thread's work until ready: time per event name (outermost of each name), and the tasks over 40 ms with their heaviest parts. */
export function printTrace(buffer: Buffer, readyMs: number, fromNavigation = true) {
  const events = (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  // The page's renderer: the main thread that worked the most.
  const work = (t: TraceEvent) => events.filter((x) => x.pid === t.pid && x.tid === t.tid && x.ph === "X").length;
  const main = events
    .filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain")
    .sort((a, b) => work(b) - work(a))[0];
  if (!main) return console.log("  trace: no renderer main thread");
  const nav =
    (fromNavigation ? events.find((e) => e.pid === main.pid && e.name === "navigationStart")?.ts : undefined) ??
    Math.min(...events.filter((e) => e.pid === main.pid && e.ts > 0).map((e) => e.ts));
  const end = nav + readyMs * 1000;
  const mine = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === "X" && e.dur && e.ts >= nav && e.ts <= end)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const sums = new Map<string, number>();
  const open: TraceEvent[] = [];
  for (const e of mine) {
    while (open.length && open[open.length - 1]!.ts + open[open.length - 1]!.dur! <= e.ts) open.pop();
    if (!open.some((o) => o.name === e.name)) sums.set(e.name, (sums.get(e.name) ?? 0) + e.dur! / 1000);
    open.push(e);
  }
  console.log(
    `  trace (main thread until ready, ms): ${[...sums]
      .filter(([n]) => n !== "ThreadControllerImpl::RunTask")
      .sort((a, b) => b[1] - a[1])
      .slice(0, 16)
      .map(([n, v]) => `${n} ${v.toFixed(0)}`)
      .join("; ")}`,
  );
  const tasks = mine.filter((e) => e.name === "RunTask" && e.dur! > 40_000);
  for (const t of tasks) {
    const inside = mine.filter(
      (e) => e !== t && e.ts >= t.ts && e.ts + e.dur! <= t.ts + t.dur! && e.name !== "RunTask",
    );
    const parts = new Map<string, number>();
    for (const e of inside)
      if (!inside.some((o) => o !== e && o.name === e.name && o.ts <= e.ts && o.ts + o.dur! >= e.ts + e.dur!))
        parts.set(e.name, (parts.get(e.name) ?? 0) + e.dur! / 1000);
    console.log(
      `    task at ${((t.ts - nav) / 1000).toFixed(0)} ms, ${(t.dur! / 1000).toFixed(0)} ms: ${[...parts]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([n, v]) => `${n} ${v.toFixed(0)}`)
        .join(", ")}`,
    );
  }
}
