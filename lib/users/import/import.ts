import { ApiError, conflict } from "@/lib/api/errors";
import { hashPassword } from "@/lib/auth/passwords";
import { type Principal, requirePermission } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { isUniqueViolation, newId, newPk } from "@/lib/db/ids";
import { organisationLanguage } from "@/lib/organisations/language";
import { assertGrantable } from "../users";
import { parseImportCsv } from "./csv";
import { kidPassword } from "./kid-passwords";
import type { ImportReport, ImportReportRow, ImportRow, ImportUsers } from "./schemas";
import { MAX_IMPORT_ROWS } from "./schemas";

// Bulk import of students (STUDENT role, a username/password credential each, optionally a
// group) at the caller's level. All-or-nothing: every row is checked first; if any is bad the
// answer is a 422 with the row-by-row report and nothing is created. Otherwise passwords are
// hashed (outside the transaction: argon2id is the slow part) and every row is written in one
// transaction with createMany.

const USERNAME = /^[a-z0-9][a-z0-9._-]{1,59}$/;

/** A username from a name: "Anna van Berg" → "anna.b", ASCII letters only. */
function baseUsername(firstName: string, lastName: string): string {
  const ascii = (s: string) =>
    s
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]/g, "");
  const first = ascii(firstName) || "student";
  const last = ascii(lastName).slice(0, 1);
  return (last ? `${first}.${last}` : first).slice(0, 50);
}

export class ImportRejected extends ApiError {
  constructor(
    message: string,
    readonly rows: ImportReportRow[],
  ) {
    super("validation", message, [{ resource: "User", field: "rows", code: "invalid", message }], undefined, { rows });
  }
}

export async function importStudents(db: Db, caller: Principal, input: ImportUsers): Promise<ImportReport> {
  requirePermission(caller, "USER_CREATE");
  await assertGrantable(db, caller, ["STUDENT"]);
  let records: { line: number; row: ImportRow }[];
  if (input.csv !== undefined) {
    const parsed = parseImportCsv(input.csv);
    if (parsed.problems.length)
      throw new ImportRejected(`The CSV cannot be read: ${parsed.problems.slice(0, 5).join("; ")}`, []);
    records = parsed.rows;
  } else {
    records = (input.rows ?? []).map((row, i) => ({ line: i + 1, row }));
  }
  if (records.length === 0) throw new ImportRejected("The import holds no students", []);
  if (records.length > MAX_IMPORT_ROWS) throw new ImportRejected(`At most ${MAX_IMPORT_ROWS} students per import`, []);

  const rows: ImportReportRow[] = records.map(({ line, row }) => ({
    row: line,
    firstName: (row.firstName ?? "").trim(),
    infix: (row.infix ?? "").trim() || null,
    lastName: (row.lastName ?? "").trim(),
    group: (row.group ?? "").trim() || null,
    username: (row.username ?? "").trim().toLowerCase() || null,
    errors: [],
  }));

  // Field checks.
  for (const r of rows) {
    if (!r.firstName) r.errors.push({ field: "firstName", message: "is empty" });
    if (r.firstName.length > 200) r.errors.push({ field: "firstName", message: "is longer than 200 characters" });
    if (!r.lastName) r.errors.push({ field: "lastName", message: "is empty" });
    if (r.lastName.length > 200) r.errors.push({ field: "lastName", message: "is longer than 200 characters" });
    if ((r.infix ?? "").length > 100) r.errors.push({ field: "infix", message: "is longer than 100 characters" });
    if (r.group && r.group.length > 200) r.errors.push({ field: "group", message: "is longer than 200 characters" });
    if (r.username && !USERNAME.test(r.username))
      r.errors.push({
        field: "username",
        message: "must be 2-60 lower-case letters, digits, dots, dashes or underscores",
      });
  }

  // Groups, by name (or id) in the caller's namespace.
  const groupNames = [...new Set(rows.map((r) => r.group).filter((g): g is string => !!g))];
  const existing = groupNames.length
    ? await db.group.findMany({
        where: { ns: caller.ns, OR: [{ name: { in: groupNames } }, { id: { in: groupNames } }] },
        select: { pk: true, id: true, name: true },
      })
    : [];
  const groupPk = new Map<string, string>();
  for (const g of existing) {
    groupPk.set(g.id, g.pk);
    if (!groupPk.has(g.name)) groupPk.set(g.name, g.pk);
  }
  const newGroups = groupNames.filter((g) => !groupPk.has(g));
  if (newGroups.length && !input.createGroups) {
    for (const r of rows)
      if (r.group && !groupPk.has(r.group))
        r.errors.push({
          field: "group",
          message: `no group named ${r.group} (tick "create missing groups" to create it)`,
        });
  }

  // Usernames: the ones given must be free and unique in the file; the rest are made from names.
  const given = rows.map((r) => r.username).filter((u): u is string => !!u);
  const taken = new Set(
    (
      await db.basicAuth.findMany({
        where: { ns: caller.ns, username: { in: [...new Set(given)] } },
        select: { username: true },
      })
    ).map((b) => b.username),
  );
  const seen = new Map<string, number>();
  for (const r of rows) {
    if (!r.username) continue;
    if (taken.has(r.username)) r.errors.push({ field: "username", message: `${r.username} is taken` });
    if (seen.has(r.username))
      r.errors.push({ field: "username", message: `${r.username} is also on row ${seen.get(r.username)}` });
    else seen.set(r.username, r.row);
  }
  const bad = rows.filter((r) => r.errors.length);
  if (bad.length)
    throw new ImportRejected(`${bad.length} of ${rows.length} rows cannot be imported; nothing was created`, rows);

  // Every username of the namespace (one school's: thousands at most; a thousand OR-ed
  // prefix conditions would exceed SQLite's expression depth).
  const similar = rows.some((r) => !r.username)
    ? await db.basicAuth.findMany({ where: { ns: caller.ns }, select: { username: true } })
    : [];
  const used = new Set([...similar.map((s) => s.username), ...given]);
  for (const r of rows) {
    if (r.username) continue;
    const base = baseUsername(r.firstName, r.lastName);
    let name = base;
    for (let n = 2; used.has(name); n++) name = `${base}${n}`;
    used.add(name);
    r.username = name;
  }

  // Passwords and their hashes, a few at a time (argon2id runs on libuv's thread pool).
  const language = await organisationLanguage(db, caller.ns);
  const passwords = rows.map(() => kidPassword(language));
  const hashes: string[] = new Array(rows.length);
  const parallel = 4;
  for (let i = 0; i < rows.length; i += parallel) {
    await Promise.all(passwords.slice(i, i + parallel).map(async (p, k) => (hashes[i + k] = await hashPassword(p))));
  }

  const createdGroups = input.createGroups ? newGroups : [];
  const users = rows.map((r) => ({ pk: newPk(), id: newId(), r }));
  try {
    await db.$transaction(
      async (tx) => {
        if (createdGroups.length) {
          const made = createdGroups.map((name) => ({ pk: newPk(), ns: caller.ns, id: newId(), name }));
          await tx.group.createMany({ data: made });
          for (const g of made) groupPk.set(g.name, g.pk);
        }
        await tx.user.createMany({
          data: users.map(({ pk, id, r }) => ({
            pk,
            ns: caller.ns,
            id,
            level: caller.level,
            tenantPk: caller.tenant?.pk ?? null,
            organisationPk: caller.organisation?.pk ?? null,
            firstName: r.firstName,
            infix: r.infix,
            lastName: r.lastName,
          })),
        });
        await tx.userRole.createMany({ data: users.map(({ pk }) => ({ userPk: pk, roleName: "STUDENT" })) });
        const members = users
          .filter(({ r }) => r.group)
          .map(({ pk, r }) => ({ groupPk: groupPk.get(r.group!)!, userPk: pk }));
        if (members.length) await tx.groupMember.createMany({ data: members });
        await tx.basicAuth.createMany({
          data: users.map(({ pk, r }, i) => ({
            pk: newPk(),
            ns: caller.ns,
            username: r.username!,
            passwordHash: hashes[i],
            userPk: pk,
          })),
        });
      },
      { timeout: 60_000, maxWait: 10_000 },
    );
  } catch (error) {
    // Another import or sign-up took one of these usernames meanwhile: nothing was created.
    if (isUniqueViolation(error))
      throw conflict("A username was taken while the import ran; nothing was created: import the file again");
    throw error;
  }
  users.forEach(({ id, r }, i) => {
    r.id = id;
    r.password = passwords[i];
  });
  return { created: rows.length, createdGroups, rows };
}
