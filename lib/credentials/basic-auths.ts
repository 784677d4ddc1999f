import { conflict, notFound } from "@/lib/api/errors";
import { hashPassword } from "@/lib/auth/passwords";
import type { Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { isUniqueViolation, newPk } from "@/lib/db/ids";
import { policyRules } from "@/lib/policies/registry";
import type { CreateBasicAuth, CreatedCredential } from "./schemas";

// Username/password credentials. A username is unique within its user's namespace
// (the organisation, tenant or top level); only the argon2id hash is stored.

export async function createBasicAuth(
  db: Db,
  caller: Principal,
  userId: string | null,
  input: CreateBasicAuth,
): Promise<CreatedCredential> {
  const owner = await policyRules.credential.update(db, caller, userId);
  const passwordHash = await hashPassword(input.password);
  try {
    await db.basicAuth.create({
      data: { pk: newPk(), ns: owner.ns, username: input.username, passwordHash, userPk: owner.pk },
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict(`The username ${input.username} is taken`, [
        { resource: "BasicAuth", field: "username", code: "already_exists" },
      ]);
    }
    throw error;
  }
  // The contract's create response names the username `email`.
  return { email: input.username, password: input.password };
}

/** Deletes one of the current user's username/password credentials. */
export async function deleteBasicAuth(db: Db, caller: Principal, username: string): Promise<void> {
  const owner = await policyRules.credential.update(db, caller, null);
  const { count } = await db.basicAuth.deleteMany({ where: { userPk: owner.pk, ns: owner.ns, username } });
  if (count === 0) throw notFound("Basicauth");
}
