import Papa from "papaparse";
import type { ImportRow } from "./schemas";

// The CSV of an import: a header row naming the columns (any order and case; "first name",
// "first_name" and "firstName" alike), then one student per line. Comma, semicolon (spreadsheets
// in Dutch and German locales) or tab are detected. Parsed with papaparse.

const COLUMNS: Record<string, keyof ImportRow> = {
  firstname: "firstName",
  voornaam: "firstName",
  infix: "infix",
  tussenvoegsel: "infix",
  lastname: "lastName",
  surname: "lastName",
  achternaam: "lastName",
  group: "group",
  groep: "group",
  class: "group",
  klas: "group",
  username: "username",
  gebruikersnaam: "username",
};

const key = (header: string) => header.toLowerCase().replace(/[\s_-]+/g, "");

export type ParsedCsv = { rows: { line: number; row: ImportRow }[]; problems: string[] };

export function parseImportCsv(text: string): ParsedCsv {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), {
    skipEmptyLines: "greedy",
    delimitersToGuess: [",", ";", "\t"],
  });
  const problems = parsed.errors
    .filter((e) => e.type !== "Delimiter")
    .map((e) => `line ${(e.row ?? 0) + 1}: ${e.message}`);
  const [header, ...lines] = parsed.data;
  if (!header) return { rows: [], problems: ["the file is empty"] };
  const fields = header.map((h) => COLUMNS[key(h)]);
  const missing = (["firstName", "lastName"] as const).filter((f) => !fields.includes(f));
  if (missing.length)
    problems.push(
      `the header row must name the columns firstName and lastName (missing: ${missing.join(", ")}); also known: infix, group, username`,
    );
  const rows = lines.map((cells, i) => {
    const row: ImportRow = {};
    fields.forEach((field, c) => {
      if (field && cells[c] !== undefined) row[field] = cells[c];
    });
    return { line: i + 2, row };
  });
  return { rows, problems };
}
