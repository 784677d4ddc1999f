import type { Db } from "@/lib/db/client";
import { type PasswordLanguage, passwordLanguage } from "@/lib/users/import/kid-passwords";

// The organisation's language, for what the server words for its people (generated passwords):
// the language most of its speech challenges are in (a school that trains Dutch is a Dutch
// school), English when it has none. Organisations have no language field of their own.

export async function organisationLanguage(db: Db, ns: string): Promise<PasswordLanguage> {
  const rows = await db.speechChallenge.groupBy({
    by: ["language"],
    where: { ns },
    _count: { _all: true },
  });
  const top = rows.sort((a, b) => b._count._all - a._count._all || (a.language < b.language ? -1 : 1))[0];
  return passwordLanguage(top?.language);
}
