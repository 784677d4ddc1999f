import { stringify } from "csv-stringify/sync";
import { defuse } from "@/lib/progress/csv";

// GET /groups/:group/reading with Accept: text/csv (ours): the same figures as the JSON, one line
// per attempt, for a teacher's spreadsheet: Student, Challenge, Date (UTC, "YYYY-MM-DD HH:mm"),
// WCPM, Accuracy (%), Errors, Words counted, Not assessed, then the student's Trend (WCPM per
// week) and Band (of the latest WCPM) on each of their lines. A student without attempts has one
// line with the figures empty. Names, no ids; formula-like text defused; CRLF line ends.

type Attempt = {
  challengeName: string | null;
  created: Date | string;
  wcpm: number | null;
  accuracy: number | null;
  errors: number;
  expectedWords: number;
  notAssessed: number;
};

const HEADER = [
  "Student",
  "Challenge",
  "Date (UTC)",
  "WCPM",
  "Accuracy (%)",
  "Errors",
  "Words counted",
  "Not assessed",
  "Trend (WCPM per week)",
  "Band",
];

const when = (d: Date | string) => new Date(d).toISOString().slice(0, 16).replace("T", " ");
const cell = (v: string | number | null) => (v === null ? "" : typeof v === "string" ? defuse(v) : v);

export function fluencyCsv(fluency: {
  students: { name: string; trend: number | null; band: string | null; attempts: Attempt[] }[];
}): string {
  const lines: (string | number)[][] = [HEADER];
  for (const s of fluency.students) {
    const tail = [cell(s.trend), cell(s.band ?? "")];
    if (s.attempts.length === 0) lines.push([cell(s.name), "", "", "", "", "", "", "", ...tail]);
    for (const a of s.attempts) {
      lines.push([
        cell(s.name),
        cell(a.challengeName ?? ""),
        when(a.created),
        cell(a.wcpm),
        a.accuracy === null ? "" : Math.round(a.accuracy * 1000) / 10,
        a.errors,
        a.expectedWords,
        a.notAssessed,
        ...tail,
      ]);
    }
  }
  return stringify(lines, { record_delimiter: "\r\n" });
}
