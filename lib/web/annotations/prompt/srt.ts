// The challenge's prompt as SubRip cues (what the student was asked to read, with its times),
// for the editor's prompt lane. Lenient: a cue it cannot read is skipped, not fatal (the API
// validated the file on upload).

export type Cue = { startMs: number; endMs: number; text: string };

const TIMING = /(\d{1,2}):(\d{2}):(\d{2})[,.](\d{1,3})\s*-->\s*(\d{1,2}):(\d{2}):(\d{2})[,.](\d{1,3})/;
const ms = (h: string, m: string, s: string, f: string) =>
  ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000 + Number(f.padEnd(3, "0"));

export function parseSrt(text: string): Cue[] {
  const cues: Cue[] = [];
  const blocks = text
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/);
  for (const block of blocks) {
    const lines = block.split("\n").filter((l) => l.trim() !== "");
    const at = lines.findIndex((l) => TIMING.test(l));
    if (at < 0) continue;
    const [, h1, m1, s1, f1, h2, m2, s2, f2] = TIMING.exec(lines[at])!;
    const startMs = ms(h1, m1, s1, f1);
    const endMs = ms(h2, m2, s2, f2);
    // Markup (<i>, {\an8}) is presentation, not what was read.
    const body = lines
      .slice(at + 1)
      .map((l) => l.replace(/<[^>]*>|\{\\[^}]*\}/g, "").trim())
      .filter(Boolean)
      .join(" ");
    if (endMs >= startMs && body) cues.push({ startMs, endMs, text: body });
  }
  return cues.sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);
}

/** The prompt as one line of text (cues in time order). */
export const promptText = (cues: readonly Cue[]): string => cues.map((c) => c.text).join(" ");
