import { notFound } from "@/lib/api/errors";
import { type Principal, requireOrganisation } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { policyRules } from "@/lib/policies/registry";
import { sortedBands } from "./fluency";
import type { PutBands } from "./fluency-schemas";

// PUT /groups/:group/reading-bands (the "group" policy's changes, GROUP_CREATE): the school's
// reading bands of a group replace the ones it had; an empty list removes them.

export async function setReadingBands(db: Db, caller: Principal, groupId: string, input: PutBands) {
  requireOrganisation(caller);
  const scope = policyRules.group.update(caller);
  const group = await db.group.findFirst({
    where: { AND: [{ ns: caller.ns, id: groupId }, scope] },
    select: { pk: true },
  });
  if (!group) throw notFound("Group");
  const bands = sortedBands(input.bands);
  await db.group.update({
    where: { pk: group.pk },
    data: { readingBands: bands.length ? JSON.stringify(bands) : null },
  });
  return { bands };
}
