// The roles and permissions of the original service (api-conventions.md), plus ADMIN,
// which holds every permission. Seeded on start-up and served read-only by /roles.

export const PERMISSIONS = [
  "ANNOTATION_CREATE",
  "ANNOTATION_DELETE",
  "ANNOTATION_EDIT",
  "ANNOTATION_LIST",
  "ASSIGNMENT_LIST",
  "AUDIO_ANALYSIS_CREATE",
  "AUDIO_ANALYSIS_LIST",
  "AUDIO_RECOGNITION_CREATE",
  "AUDIO_RECOGNITION_LIST",
  "CATEGORY_CREATE",
  "CATEGORY_LIST",
  "CHALLENGE_CREATE",
  "CHALLENGE_DELETE",
  "CHALLENGE_EDIT",
  "CHALLENGE_LIST",
  "CHOICE_CHALLENGE_CREATE",
  "CHOICE_CHALLENGE_DELETE",
  "CHOICE_CHALLENGE_LIST",
  "DOWNLOAD",
  "FEEDBACK_CREATE",
  "GROUP_CREATE",
  "GROUP_LIST",
  "ORGANISATION_CREATE",
  "ORGANISATION_LIST",
  "SPEECH_RECORDING_CREATE",
  "SPEECH_RECORDING_LIST",
  "USER_CREATE",
  "USER_LIST",
  // Ours: administrative powers (tenants, credentials, all assignments and annotations).
  "ADMIN",
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_NAMES = [
  "ADMIN",
  "TENANT",
  "ORGANISATION",
  "TEACHER",
  "STUDENT",
  "ANNOTATOR_FULL",
  "ANNOTATOR_BASE",
] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

const ANNOTATOR: Permission[] = [
  "ANNOTATION_CREATE",
  "ANNOTATION_DELETE",
  "ANNOTATION_EDIT",
  "ANNOTATION_LIST",
  "ASSIGNMENT_LIST",
  "CATEGORY_LIST",
  "CHALLENGE_LIST",
  "DOWNLOAD",
  "GROUP_LIST",
  "SPEECH_RECORDING_LIST",
  "USER_LIST",
];

export const ROLE_PERMISSIONS: Record<RoleName, readonly Permission[]> = {
  ADMIN: PERMISSIONS,
  TENANT: [
    "AUDIO_ANALYSIS_CREATE",
    "AUDIO_ANALYSIS_LIST",
    "CHALLENGE_DELETE",
    "CHALLENGE_EDIT",
    "CHALLENGE_LIST",
    "DOWNLOAD",
    "ORGANISATION_CREATE",
    "ORGANISATION_LIST",
    "SPEECH_RECORDING_LIST",
    "USER_CREATE",
    "USER_LIST",
  ],
  ORGANISATION: [
    "AUDIO_ANALYSIS_CREATE",
    "AUDIO_ANALYSIS_LIST",
    "AUDIO_RECOGNITION_LIST",
    "CATEGORY_CREATE",
    "CATEGORY_LIST",
    "CHALLENGE_CREATE",
    "CHALLENGE_DELETE",
    "CHALLENGE_EDIT",
    "CHALLENGE_LIST",
    "CHOICE_CHALLENGE_CREATE",
    "CHOICE_CHALLENGE_DELETE",
    "CHOICE_CHALLENGE_LIST",
    "DOWNLOAD",
    "GROUP_CREATE",
    "GROUP_LIST",
    "SPEECH_RECORDING_LIST",
    "USER_CREATE",
    "USER_LIST",
  ],
  STUDENT: [
    "AUDIO_ANALYSIS_CREATE",
    "AUDIO_ANALYSIS_LIST",
    "AUDIO_RECOGNITION_CREATE",
    "AUDIO_RECOGNITION_LIST",
    "CATEGORY_LIST",
    "CHALLENGE_LIST",
    "CHOICE_CHALLENGE_LIST",
    "DOWNLOAD",
    "FEEDBACK_CREATE",
    "GROUP_LIST",
    "SPEECH_RECORDING_CREATE",
    "SPEECH_RECORDING_LIST",
  ],
  TEACHER: [
    "AUDIO_ANALYSIS_CREATE",
    "AUDIO_ANALYSIS_LIST",
    "AUDIO_RECOGNITION_CREATE",
    "AUDIO_RECOGNITION_LIST",
    "CATEGORY_CREATE",
    "CATEGORY_LIST",
    "CHALLENGE_CREATE",
    "CHALLENGE_DELETE",
    "CHALLENGE_EDIT",
    "CHALLENGE_LIST",
    "CHOICE_CHALLENGE_LIST",
    "DOWNLOAD",
    "GROUP_CREATE",
    "GROUP_LIST",
    "SPEECH_RECORDING_CREATE",
    "SPEECH_RECORDING_LIST",
    "USER_CREATE",
    "USER_LIST",
  ],
  ANNOTATOR_FULL: ANNOTATOR,
  ANNOTATOR_BASE: ANNOTATOR,
};

/** Roles whose holders administer their level (may impersonate below it, manage credentials). */
export const ADMINISTRATIVE_ROLES: readonly RoleName[] = ["ADMIN", "TENANT", "ORGANISATION"];

/** The roles that make a user an administrator of its own level (top, tenant, organisation). */
export const ADMIN_ROLES_BY_LEVEL: Record<"top" | "tenant" | "organisation", readonly string[]> = {
  top: ["ADMIN"],
  tenant: ["ADMIN", "TENANT"],
  organisation: ["ADMIN", "ORGANISATION"],
};

export function permissionsOf(roles: readonly string[]): Set<Permission> {
  const out = new Set<Permission>();
  for (const role of roles) for (const p of ROLE_PERMISSIONS[role as RoleName] ?? []) out.add(p);
  return out;
}
