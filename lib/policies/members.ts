import { type Principal, requireOrganisation } from "@/lib/auth/principal";
import type { Where } from "./reach";

// The member-only policies (group, challenge, category, user; table.ts): a row is seen and changed
// from the namespace the caller acts in, which is what "member" means. Their domain functions ask
// policyRules.<policy> for the filter of every list, read and update (creation writes the
// caller's namespace).
// Administrators reach challenge and category files through the "file" policy (files.ts).

/** Rows of the namespace the caller acts in. */
export function memberScope(caller: Principal): Where {
  return { ns: caller.ns };
}

/** Rows of the organisation the caller acts in; 403 for callers not acting in one. */
export function organisationMemberScope(caller: Principal): Where {
  requireOrganisation(caller);
  return { ns: caller.ns };
}
