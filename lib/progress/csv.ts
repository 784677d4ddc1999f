import { stringify } from "csv-stringify/sync";
import type { Db } from "@/lib/db/client";
import { type ProgressPlan, percentage, progressBlocks } from "./stream-progress";

// GET /categories/:category/progress with Accept: text/csv: the same plan and cells read as the
// JSON answer (lib/progress/stream-progress.ts), one line per student in the same order. Columns: id,
// firstName, infix, lastName, percentage, then one per challenge (headed by its topic, or its id
// when it has none) holding the time of the newest recording of the student's most recent result
// set (ISO 8601, UTC), empty when the student has no recording for it. RFC 4180 quoting (csv-stringify),
// CRLF line ends.

/**
 * Text that a spreadsheet would run as a formula (=, +, -, @, or a tab / carriage return in
 * front) gets a leading apostrophe, so a name like "=HYPERLINK(…)" stays text (OWASP's advice).
 */
export function defuse(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const line = (cells: (string | number)[]) =>
  stringify([cells.map((c) => (typeof c === "string" ? defuse(c) : c))], { record_delimiter: "\r\n" });

export async function* progressCsv(db: Db, plan: ProgressPlan): AsyncGenerator<string> {
  const total = plan.challenges.length;
  yield line([
    "id",
    "firstName",
    "infix",
    "lastName",
    "percentage",
    ...plan.challenges.map((c) => c.topic?.trim() || c.id),
  ]);
  for await (const block of progressBlocks(db, plan, {})) {
    for (let i = 0; i < block.users.length; i++) {
      const user = block.users[i]!;
      const cells = block.cells[i]!;
      const times: string[] = [];
      let done = 0;
      for (let j = 0; j < total; j++) {
        const cell = cells[j];
        if (cell) done++;
        times.push(cell ? new Date(cell.newest).toISOString() : "");
      }
      yield line([user.id, user.firstName, user.infix ?? "", user.lastName, percentage(done, total), ...times]);
    }
  }
}
