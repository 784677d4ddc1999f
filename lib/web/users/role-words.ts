// Roles and permissions in words: the one table every page names them by (the API names them in
// capitals; no page shows a code). Of the three administrator roles, a school's administrator
// gets "School administrator"; the other two run the platform and the tenants above schools.

const ROLE_WORDS: Record<string, { name: string; about: string }> = {
  ADMIN: {
    name: "Platform administrator",
    about: "Runs the whole platform, every tenant and school. Not for school staff",
  },
  TENANT: {
    name: "Tenant administrator",
    about: "Runs a tenant (e.g. a school board) and the schools in it. Not for one school's staff",
  },
  ORGANISATION: {
    name: "School administrator",
    about: "Give this to a school's administrator: runs that school's users, groups, challenges and annotation work",
  },
  TEACHER: { name: "Teacher", about: "Makes challenges and groups, adds students, follows their progress" },
  STUDENT: { name: "Student", about: "Does the challenges and records answers" },
  ANNOTATOR_FULL: { name: "Annotator (full)", about: "Annotates recordings and checks the base annotators' work" },
  ANNOTATOR_BASE: { name: "Annotator (base)", about: "Makes the first pass of annotations" },
};

const PERMISSION_WORDS: Record<string, string> = {
  ANNOTATION_CREATE: "Start annotations",
  ANNOTATION_DELETE: "Delete annotations",
  ANNOTATION_EDIT: "Edit annotations",
  ANNOTATION_LIST: "See annotations",
  ASSIGNMENT_LIST: "See annotation assignments",
  AUDIO_ANALYSIS_CREATE: "Have pronunciation analysed",
  AUDIO_ANALYSIS_LIST: "See pronunciation analyses",
  AUDIO_RECOGNITION_CREATE: "Answer multiple-choice challenges",
  AUDIO_RECOGNITION_LIST: "See multiple-choice answers",
  CATEGORY_CREATE: "Make categories",
  CATEGORY_LIST: "See categories",
  CHALLENGE_CREATE: "Make challenges",
  CHALLENGE_DELETE: "Delete challenges",
  CHALLENGE_EDIT: "Edit challenges",
  CHALLENGE_LIST: "See challenges",
  CHOICE_CHALLENGE_CREATE: "Make multiple-choice challenges",
  CHOICE_CHALLENGE_DELETE: "Delete multiple-choice challenges",
  CHOICE_CHALLENGE_LIST: "See multiple-choice challenges",
  DOWNLOAD: "Download files",
  FEEDBACK_CREATE: "Get feedback on recordings",
  GROUP_CREATE: "Make and change groups",
  GROUP_LIST: "See groups",
  ORGANISATION_CREATE: "Make organisations",
  ORGANISATION_LIST: "See organisations",
  SPEECH_RECORDING_CREATE: "Record answers",
  SPEECH_RECORDING_LIST: "See recordings",
  USER_CREATE: "Add, edit and remove users",
  USER_LIST: "See users",
  ADMIN: "Administer everything",
};

const titleCase = (code: string) =>
  code
    .toLowerCase()
    .replace(/_/g, " ")
    .replace(/^./, (c) => c.toUpperCase());

export const roleWords = (role: string) => ROLE_WORDS[role]?.name ?? titleCase(role);
export const roleAbout = (role: string) => ROLE_WORDS[role]?.about ?? "A custom role";
export const permissionWords = (permission: string) => PERMISSION_WORDS[permission] ?? titleCase(permission);
