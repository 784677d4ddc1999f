// Where a .cpuprofile's time went: self time by package / source area, and the top functions.
// Shared by bench/http/profile.ts and bench/upload/classroom-bench.ts.
import fs from "node:fs";
import path from "node:path";

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };

/** The summary of the largest .cpuprofile in `profDir`, as printable text. */
export function summariseProfile(profDir: string, top = 25): string {
  const file = fs
    .readdirSync(profDir)
    .filter((f) => f.endsWith(".cpuprofile"))
    .sort((a, b) => fs.statSync(path.join(profDir, b)).size - fs.statSync(path.join(profDir, a)).size)[0];
  if (!file) throw new Error(`no profile written in ${profDir}`);
  const profile = JSON.parse(fs.readFileSync(path.join(profDir, file), "utf8")) as {
    nodes: Node[];
    samples: number[];
    timeDeltas: number[];
  };
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
