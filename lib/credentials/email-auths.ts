import { conflict, notFound } from "@/lib/api/errors";
import { generatePassword, hashPassword } from "@/lib/auth/passwords";
import type { Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { isUniqueViolation, newPk } from "@/lib/db/ids";
import { policyRules } from "@/lib/policies/registry";
import type { CreatedCredential, CreateEmailAuth } from "./schemas";

// Email/password credentials. Email addresses are stored lowercased and unique
// across the whole service; only the argon2id hash of the password is stored. A
// generated password is shown once, in the create response.

export async function createEmailAuth(
  db: Db,
  caller: Principal,
  userId: string | null,
  input: CreateEmailAuth,
): Promise<CreatedCredential> {
  const owner = await policyRules.credential.update(db, caller, userId);
  const password = input.password ?? generatePassword();
  const passwordHash = await hashPassword(password);
  try {
    await db.emailAuth.create({ data: { pk: newPk(), email: input.email, passwordHash, userPk: owner.pk } });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict("This email address is already in use", [
        { resource: "EmailAuth", field: "email", code: "already_exists" },
      ]);
    }
    throw error;
  }
  return { email: input.email, password };
}

/** Deletes one of the current user's email credentials; the address matches case-insensitively. */
export async function deleteEmailAuth(db: Db, caller: Principal, email: string): Promise<void> {
  const owner = await policyRules.credential.update(db, caller, null);
  const { count } = await db.emailAuth.deleteMany({ where: { userPk: owner.pk, email: email.trim().toLowerCase() } });
  if (count === 0) throw notFound("Emailauth");
}
