import { stringify } from "csv-stringify/sync";
import type { Db } from "@/lib/db/client";
import { pronunciationScores } from "./read-progress-cells";
import { groupNamesOf } from "./selection";
import { type ProgressPlan, progressBlocks } from "./stream-progress";

// GET /categories/:category/progress with Accept: text/csv (ours; the contract defines only the
// JSON): the same plan and cells read as the JSON answer (lib/progress/stream-progress.ts), one line per
// student in the same order, written for a teacher's spreadsheet, so names and words, no ids:
//
//   First name, Infix, Last name, Group, Completed (%), then per challenge (headed by its topic,
//   or "Challenge n" when it has none) three columns: "<name>: attempts" (answers, i.e. result
//   sets), "<name>: last answer" (the newest recording's time as "YYYY-MM-DD HH:mm" in the
//   requested time zone, UTC when none) and "<name>: score (%)" (the newest pronunciation score,
//   0-100, empty when there is none).
//
// Group: the student's groups among those asked for (all of its groups for one's own progress),
// by name, joined with "; ". Percentages are whole numbers. RFC 4180 quoting (csv-stringify),
// CRLF line ends; text a spreadsheet would run as a formula is defused.

/**
 * Text that a spreadsheet would run as a formula (=, +, -, @, or a tab / carriage return in
 * front) gets a leading apostrophe, so a name like "=HYPERLINK(…)" stays text (OWASP's advice).
 */
export function defuse(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const line = (cells: (string | number)[]) =>
  stringify([cells.map((c) => (typeof c === "string" ? defuse(c) : c))], { record_delimiter: "\r\n" });

/** "YYYY-MM-DD HH:mm" of an epoch-ms time in an IANA time zone. */
export function localDateTime(ms: number, timeZone = "UTC"): string {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(ms));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")} ${get("hour")}:${get("minute")}`;
}

/** The challenge names heading the columns: its topic, or "Challenge n" (1-based, in walk order). */
export const challengeColumnNames = (plan: ProgressPlan) =>
  plan.challenges.map((c, i) => c.topic?.trim() || `Challenge ${i + 1}`);

export const wholePercentage = (done: number, total: number) => (total === 0 ? 0 : Math.round((done * 100) / total));

export async function* progressCsv(db: Db, plan: ProgressPlan, timeZone = "UTC"): AsyncGenerator<string> {
  const total = plan.challenges.length;
  const ids = plan.challenges.map((c) => c.id);
  yield line([
    "First name",
    "Infix",
    "Last name",
    "Group",
    "Completed (%)",
    ...challengeColumnNames(plan).flatMap((name) => [
      `${name}: attempts`,
      `${name}: last answer`,
      `${name}: score (%)`,
    ]),
  ]);
  for await (const block of progressBlocks(db, plan, {})) {
    const pks = block.users.map((u) => u.pk);
    const [groups, scores] = await Promise.all([
      groupNamesOf(db, plan.ns, pks, plan.groups),
      pronunciationScores(db, plan.ns, pks, ids, {}),
    ]);
    for (let i = 0; i < block.users.length; i++) {
      const user = block.users[i]!;
      const cells = block.cells[i]!;
      const columns: (string | number)[] = [];
      let done = 0;
      for (let j = 0; j < total; j++) {
        const cell = cells[j];
        if (cell) done++;
        const score = scores.get(`${i}:${j}`);
        columns.push(
          cell ? cell.attempts : 0,
          cell ? localDateTime(cell.newest, timeZone) : "",
          score === undefined ? "" : Math.round(score * 100),
        );
      }
      yield line([
        user.firstName,
        user.infix ?? "",
        user.lastName,
        (groups.get(user.pk) ?? []).join("; "),
        wholePercentage(done, total),
        ...columns,
      ]);
    }
  }
}
