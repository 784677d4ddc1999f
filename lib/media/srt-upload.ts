import { readUpload, type UploadedFile } from "@/lib/api/body";
import { ApiError } from "@/lib/api/errors";
import type { StoredFileInput } from "@/lib/storage/stored-files";

// Uploaded SubRip (.srt) transcriptions, checked line by line before they are stored.

const TIMING =
  /^(\d{2,}):([0-5]\d):([0-5]\d),(\d{3}) --> (\d{2,}):([0-5]\d):([0-5]\d),(\d{3})(?:[ \t]+X1:-?\d+[ \t]+X2:-?\d+[ \t]+Y1:-?\d+[ \t]+Y2:-?\d+)?[ \t]*$/;
const ms = (h: string, m: string, s: string, f: string) =>
  ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000 + Number(f);

/**
 * Why a SubRip file is not valid, or null when it is: UTF-8 (an optional BOM), one or more cues
 * separated by blank lines, each a cue number, a `HH:MM:SS,mmm --> HH:MM:SS,mmm` timing line
 * whose start is not after its end, and its text lines. CRLF, LF and CR line ends are accepted.
 */
export function subRipProblem(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return "is not UTF-8 text";
  }
  const lines = text.split(/\r\n|\r|\n/);
  const blank = (line: string) => line.trim() === "";
  let i = 0;
  let cues = 0;
  for (;;) {
    while (i < lines.length && blank(lines[i])) i++;
    if (i >= lines.length) break;
    const at = `line ${i + 1}`;
    const number = lines[i].trim();
    if (!/^\d+$/.test(number)) return `${at}: expected a cue number, found ${JSON.stringify(lines[i].slice(0, 40))}`;
    i++;
    const timing = i < lines.length ? TIMING.exec(lines[i].trim()) : null;
    if (!timing) {
      const found = i < lines.length ? JSON.stringify(lines[i].slice(0, 60)) : "the end of the file";
      return `line ${i + 1}: cue ${number} needs a timing line "HH:MM:SS,mmm --> HH:MM:SS,mmm", found ${found}`;
    }
    const [, h1, m1, s1, f1, h2, m2, s2, f2] = timing;
    if (ms(h1, m1, s1, f1) > ms(h2, m2, s2, f2)) return `line ${i + 1}: cue ${number} starts after it ends`;
    i++;
    while (i < lines.length && !blank(lines[i])) i++;
    cues++;
  }
  return cues === 0 ? "contains no cues" : null;
}

/** An uploaded SubRip file, validated (422 `invalid` on its field otherwise), ready to be stored as application/x-subrip. */
export async function analyseSrt(upload: UploadedFile, resource: string): Promise<(ns: string) => StoredFileInput> {
  const problem = subRipProblem(await readUpload(upload));
  if (problem) {
    const message = `is not a valid SubRip (.srt) file: ${problem}`;
    throw new ApiError("validation", `${upload.field} ${message}`, [
      { resource, field: upload.field, code: "invalid", message },
    ]);
  }
  const sourcePath = await upload.onDisk();
  return (ns) => ({ sourcePath, ns, kind: "srt", contentType: "application/x-subrip", size: upload.size });
}
