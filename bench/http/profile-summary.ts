// Where a .cpuprofile's time went: self time by package / source area, and the top functions.
// Shared by bench/http/profile.ts and bench/upload/classroom-bench.ts.
import fs from "node:fs";
import path from "node:path";

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };

type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

function largestProfile(profDir: string): { file: string; profile: Profile } {
  const file = fs
    .readdirSync(profDir)
    .filter((f) => f.endsWith(".cpuprofile"))
    .sort((a, b) => fs.statSync(path.join(profDir, b)).size - fs.statSync(path.join(profDir, a)).size)[0];
  if (!file) throw new Error(`no profile written in ${profDir}`);
  return { file, profile: JSON.parse(fs.readFileSync(path.join(profDir, file), "utf8")) as Profile };
}

/** The summary of the largest .cpuprofile in `profDir`, as printable text. */
export function summariseProfile(profDir: string, top = 25): string {
  const { file, profile } = largestProfile(profDir);
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);

  const area = (url: string, name: string) => {
    if (!url) return name.startsWith("(") ? name : "(native)";
    const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
    if (nm) return nm[1]!;
    if (url.startsWith("node:")) return `node:${url.slice(5).split("/")[0]}`;
    const chunk = /\.next\/server\/chunks\/(?:ssr\/)?\[root-of-the-server\]__|\.next\/server\//.test(url);
    return chunk ? "app bundle (.next/server)" : url.replace(/^file:\/\/\/work\/[^/]+\//, "");
  };
  const byArea = new Map<string, number>();
  const byFn = new Map<string, number>();
  for (const n of profile.nodes) {
    const t = self.get(n.id) ?? 0;
    if (!t) continue;
    const a = area(n.callFrame.url, n.callFrame.functionName);
    byArea.set(a, (byArea.get(a) ?? 0) + t);
    const key = `${n.callFrame.functionName || "(anonymous)"}  ${a}:${n.callFrame.lineNumber + 1}`;
    byFn.set(key, (byFn.get(key) ?? 0) + t);
  }
  const pct = (t: number) => `${((100 * t) / total).toFixed(1).padStart(5)} %`;
  const lines = [`\nself time by area (${(total / 1e6).toFixed(1)} s sampled):`];
  for (const [a, t] of [...byArea].sort((x, y) => y[1] - x[1]).slice(0, 20)) lines.push(`${pct(t)}  ${a}`);
  lines.push("\ntop functions by self time:");
  for (const [f, t] of [...byFn].sort((x, y) => y[1] - x[1]).slice(0, top)) lines.push(`${pct(t)}  ${f}`);
  lines.push(`\nprofile: ${path.join(profDir, file)}`);
  return lines.join("\n");
}

// What an upload's main-thread time is for, by the frames on its stack (first match wins).
const PURPOSES: [string, RegExp][] = [
  [
    "audio work (decode, normalise, encode, peaks, hash)",
    /mediabunny|@evan\/opus|codec-parser|libsamplerate|lib\/audio\//,
  ],
  ["database (Prisma, its query compiler, the driver)", /prisma|sqlite|[/@]pg\b|wasm:/],
  ["storage (copy, hash, fsync, S3)", /lib\/storage\/|putFile|putStream|syncDir|@aws-sdk|@smithy/],
  ["multipart body", /busboy|streamsearch|lib\/api\/body/],
];

/**
 * Busy (non-idle) time of the largest profile in `profDir` per `answers`, by purpose. Bundled
 * app code has no source paths, so "other" holds the framework, routing, auth and JSON.
 */
export function attributeProfile(profDir: string, answers: number): string {
  const { profile } = largestProfile(profDir);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const totals = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    if (byId.get(id)?.callFrame.functionName === "(idle)") return;
    busy += dt;
    const frames: string[] = [];
    for (let x: number | undefined = id; x; x = parent.get(x)) {
      const f = byId.get(x)!.callFrame;
      frames.push(`${f.functionName} ${f.url}`);
    }
    const stack = frames.join("\n");
    const what = PURPOSES.find(([, re]) => re.test(stack))?.[0] ?? "other (framework, routing, auth, JSON, GC)";
    totals.set(what, (totals.get(what) ?? 0) + dt);
  });
  const ms = (t: number) => `${(t / 1000 / answers).toFixed(1).padStart(6)} ms`;
  const lines = [`${ms(busy)}  busy in all`];
  for (const [what, t] of [...totals].sort((a, b) => b[1] - a[1]))
    lines.push(`${ms(t)}  ${((100 * t) / busy).toFixed(1).padStart(5)} %  ${what}`);
  return lines.join("\n");
}
