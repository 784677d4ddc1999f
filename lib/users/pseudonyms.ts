import { createHmac } from "node:crypto";
import { can, isAdministrator, type Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { sharedSecret } from "@/lib/settings/shared-secrets";

// Annotators never receive students' names. Every response that carries a user's name goes
// through presentUsers(), which gives an annotator (a caller holding ANNOTATION_LIST that is no
// administrator and no teacher) a pseudonym in place of every student's name: "Student 4F2A9C"
// (firstName "Student", lastName the code, no infix). Colleagues (users holding a role and not
// STUDENT: annotators, teachers, administrators) keep their names: annotators hand work over to
// each other by name. A user without any role is shown as "User 4F2A9C". The code is an HMAC of the user's
// namespace (its organisation) and internal key with a server secret kept in the database
// (lib/settings): the same across requests and instances, not reversible, and different for the
// same person in another organisation.
//
// Where names go out: GET /users and GET /users/:id (lib/users/users.ts). Assignments,
// annotations, reference annotations and recordings name users by id only, and progress
// gives an annotator only its own row (policy "progress": admin, staff, owner).

export type Named = {
  pk: string;
  ns: string;
  firstName: string;
  infix: string | null;
  lastName: string;
  roles: { roleName: string }[];
};

/** Whether this caller sees other users by pseudonym. */
export function seesPseudonyms(caller: Principal): boolean {
  return (
    caller.kind === "user" &&
    can(caller, "ANNOTATION_LIST") &&
    !isAdministrator(caller) &&
    !caller.roles.includes("TEACHER")
  );
}

/** The pseudonym code of a user: 6 hexadecimal digits of HMAC-SHA256(secret, ns + pk). */
export function pseudonymCode(secret: Buffer, user: { pk: string; ns: string }): string {
  return createHmac("sha256", secret).update(`${user.ns}\u0000${user.pk}`).digest("hex").slice(0, 6).toUpperCase();
}

/** Staff, not a student: holds a role, none of them STUDENT. */
const isColleague = (row: Named) => row.roles.length > 0 && !row.roles.some((r) => r.roleName === "STUDENT");

/** The rows as this caller may see them: unchanged, or with pseudonyms in place of names. */
export async function presentUsers<T extends Named>(db: Db, caller: Principal, rows: T[]): Promise<T[]> {
  if (!seesPseudonyms(caller) || rows.every((r) => r.pk === caller.user?.pk || isColleague(r))) return rows;
  const secret = await sharedSecret(db, "pseudonyms");
  return rows.map((row) => {
    if (row.pk === caller.user?.pk || isColleague(row)) return row;
    const student = row.roles.some((r) => r.roleName === "STUDENT");
    return { ...row, firstName: student ? "Student" : "User", infix: null, lastName: pseudonymCode(secret, row) };
  });
}
