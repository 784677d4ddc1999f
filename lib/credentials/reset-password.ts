import { notFound } from "@/lib/api/errors";
import { hashPassword } from "@/lib/auth/passwords";
import type { Principal } from "@/lib/auth/principal";
import { forgetAllTokens } from "@/lib/auth/token-cache";
import type { Db } from "@/lib/db/client";
import { organisationLanguage } from "@/lib/organisations/language";
import { credentialOwner } from "@/lib/policies/credential-access";
import { kidPassword } from "@/lib/users/import/kid-passwords";
import type { CreatedCredential, ResetPassword } from "./schemas";

// PUT /users/:userId/basicauths/:basicauth (ours): an administrator gives one of a user's
// usernames a new password, by the credential rules (lib/credentials/access.ts: only those who
// outrank the user; 403 otherwise, 404 for an unknown user or a username the user does not
// have). Without a password in the body one is generated as for imported students, in the
// organisation's language (lib/organisations/language.ts). The password is shown once, in the
// response. Every token the user holds (signed in, or acting through it) is revoked in the same
// transaction: a lost password sheet stops working at once, everywhere.

export async function resetBasicAuthPassword(
  db: Db,
  caller: Principal,
  userId: string,
  username: string,
  input: ResetPassword,
): Promise<CreatedCredential> {
  const owner = await credentialOwner(db, caller, userId);
  const password = input.password ?? kidPassword(await organisationLanguage(db, owner.ns));
  const passwordHash = await hashPassword(password);
  const now = new Date();
  const updated = await db.$transaction(async (tx) => {
    const { count } = await tx.basicAuth.updateMany({
      where: { userPk: owner.pk, ns: owner.ns, username },
      data: { passwordHash },
    });
    if (count === 0) return false;
    await tx.token.updateMany({
      where: { revokedAt: null, OR: [{ userPk: owner.pk }, { actorUserPk: owner.pk }] },
      data: { revokedAt: now },
    });
    return true;
  });
  if (!updated) throw notFound("Basicauth");
  forgetAllTokens();
  return { email: username, password };
}
