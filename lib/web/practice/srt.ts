// The sentences of a speech challenge's subtitles (SRT), as a student reads them: each cue's
// text, without numbers, timings or markup.
export function srtSentences(srt: string): string[] {
  return srt
    .replace(/\r/g, "")
    .split(/\n{2,}/)
    .map((block) =>
      block
        .split("\n")
        .filter((line) => line.trim() && !/^\d+$/.test(line.trim()) && !line.includes("-->"))
        .join(" ")
        .replace(/<[^>]*>/g, "")
        .trim(),
    )
    .filter(Boolean);
}
