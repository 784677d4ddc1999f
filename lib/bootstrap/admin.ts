import { generatePassword, hashPassword } from "@/lib/auth/passwords";
import type { Db } from "@/lib/db/client";
import { isUniqueViolation, newPk, ns } from "@/lib/db/ids";

/**
 * Creates the top-level admin on first start. Returns the password when it was
 * generated (to be printed once), null when the admin already existed or the
 * password came from the environment.
 */
export async function ensureAdmin(db: Db, username: string, password: string | undefined): Promise<string | null> {
  const existing = await db.basicAuth.findUnique({ where: { ns_username: { ns: ns.top, username } } });
  if (existing) return null;
  const secret = password ?? generatePassword();
  const userPk = newPk();
  try {
    await db.$transaction([
      db.user.create({
        data: {
          pk: userPk,
          ns: ns.top,
          id: username,
          level: "top",
          firstName: "Admin",
          infix: null,
          lastName: "Admin",
        },
      }),
      db.userRole.create({ data: { userPk, roleName: "ADMIN" } }),
      db.basicAuth.create({
        data: { pk: newPk(), ns: ns.top, username, passwordHash: await hashPassword(secret), userPk },
      }),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) return null; // another instance created it first
    throw error;
  }
  return password ? null : secret;
}
