import type { Principal } from "@/lib/auth/principal";
import { editorOf, requireManager, visibleAnnotations, visibleAssignments } from "./annotation-access";
import { credentialOwner } from "./credential-access";
import { downloadableFile, mayDownload, visibleOrganisationContent } from "./files";
import { mayImpersonate } from "./impersonation";
import { memberScope, organisationMemberScope } from "./members";
import { ownerWhere, type Where } from "./reach";
import { changesScheme, readsScheme } from "./scheme-access";
import {
  correctableSubmissions,
  progressUsers,
  referenceAccess,
  visibleRecordings,
  visibleSubmissions,
} from "./submissions";
import type { PolicyName } from "./table";
import { organisationsInReach, seesOrganisation, tenantsInReach } from "./tenancy";
import { isTopAdministrator } from "./top-level";

// Every policy a route declares (withApi's `policy`), mapped to the functions that decide, for
// that policy, which rows a list shows, whether one row is read or changed, and which files are
// downloaded or exported. Domain code asks this map, so what table.ts specifies is the code
// that runs. A policy without an entry fails lib/policies/registry.test.ts (and tsc).
//
// The rules take the caller first (the database too where they look rows up) and answer with a
// Prisma filter, a yes/no, or the row itself; a refusal is thrown as the route should answer it.

// biome-ignore lint/suspicious/noExplicitAny: rules differ in signature; each entry keeps its own.
type Rule = (...args: any[]) => unknown;

export type PolicyRules = {
  /** The filter of a list (or the question a list route asks first). */
  list: Rule;
  /** Whether (or where) one row is seen. */
  read: Rule;
  /** Who changes rows of the policy; null where no route changes them. */
  update: Rule | null;
  /** Files of the policy's rows, when downloaded. */
  download?: Rule;
  /** Exports (CSV, TextGrid, ...) of the policy's rows. */
  export?: Rule;
};

const everyone = (_caller: Principal | null): Where => ({});

export const policyRules = {
  tenant: { list: tenantsInReach, read: tenantsInReach, update: tenantsInReach },
  organisation: { list: organisationsInReach, read: seesOrganisation, update: seesOrganisation },
  user: { list: memberScope, read: memberScope, update: memberScope },
  credential: { list: credentialOwner, read: credentialOwner, update: credentialOwner },
  group: { list: memberScope, read: memberScope, update: memberScope },
  challenge: {
    list: organisationMemberScope,
    read: organisationMemberScope,
    update: organisationMemberScope,
    download: visibleOrganisationContent,
  },
  category: {
    list: organisationMemberScope,
    read: organisationMemberScope,
    update: organisationMemberScope,
    download: visibleOrganisationContent,
  },
  progress: { list: progressUsers, read: progressUsers, update: null, export: progressUsers },
  submission: { list: visibleSubmissions, read: visibleSubmissions, update: ownerWhere, download: visibleSubmissions },
  correction: { list: visibleSubmissions, read: visibleSubmissions, update: correctableSubmissions },
  recording: { list: visibleRecordings, read: visibleRecordings, update: ownerWhere, download: visibleRecordings },
  reference: { list: visibleRecordings, read: referenceAccess, update: referenceAccess, export: referenceAccess },
  assignment: { list: visibleAssignments, read: visibleAssignments, update: requireManager },
  annotation: { list: visibleAnnotations, read: visibleAnnotations, update: editorOf, export: visibleAnnotations },
  scheme: { list: readsScheme, read: readsScheme, update: changesScheme },
  file: { list: mayDownload, read: mayDownload, update: null, download: downloadableFile },
  role: { list: everyone, read: everyone, update: isTopAdministrator },
  token: { list: mayImpersonate, read: mayImpersonate, update: mayImpersonate },
  public: { list: everyone, read: everyone, update: null },
  operator: { list: isTopAdministrator, read: isTopAdministrator, update: null },
} as const satisfies Record<PolicyName, PolicyRules>;

/** The policies that have rules here (for the test that routes name none without). */
export const POLICIES_WITH_RULES: ReadonlySet<string> = new Set(Object.keys(policyRules));
