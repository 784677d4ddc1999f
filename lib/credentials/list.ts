import type { Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { policyRules } from "@/lib/policies/registry";

// Ours, beyond the contract: which credentials a user has (usernames and addresses, never
// passwords), for whoever may manage them (the rules of access.ts).

export async function listCredentials(db: Db, caller: Principal, userId: string | null) {
  const owner = await policyRules.credential.list(db, caller, userId);
  const [basic, email] = await Promise.all([
    db.basicAuth.findMany({
      where: { userPk: owner.pk },
      select: { username: true, created: true },
      orderBy: { created: "asc" },
    }),
    db.emailAuth.findMany({
      where: { userPk: owner.pk },
      select: { email: true, created: true },
      orderBy: { created: "asc" },
    }),
  ]);
  return { basicauths: basic, emailauths: email };
}
