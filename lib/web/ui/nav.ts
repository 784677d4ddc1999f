import type { Level } from "../session/session";

// The app's pages: a page shows in the navigation (and on the dashboard) when the current
// view holds its permission (one of them, for a list) at one of its levels — the same rules
// the API enforces. Management pages ask for the permission that makes them useful (creating
// groups, authoring challenges), not only for reading: a student or an annotator may read
// groups and challenges through the API, but has nothing to do on those pages.

/** `orAdministrators`: administrators of the view see it without the permission (the API lets them manage it). */
export type NavItem = {
  href: string;
  label: string;
  description: string;
  permission?: string | readonly string[];
  levels?: readonly Level[];
  orAdministrators?: true;
  /** Shown to students (people whose only role is STUDENT), who see nothing else. */
  forStudents?: true;
};

export const NAV_ITEMS: readonly NavItem[] = [
  { href: "/", label: "Dashboard", description: "What you can do from this view." },
  {
    href: "/tenants",
    label: "Tenants",
    description: "Create tenants and act as one of them.",
    permission: "ADMIN",
    levels: ["top"],
  },
  {
    href: "/organisations",
    label: "Organisations",
    description: "Create the organisations of this tenant and act as one of them.",
    permission: "ORGANISATION_LIST",
    levels: ["tenant"],
  },
  {
    href: "/users",
    label: "Users",
    description: "Create users at this level, with roles, groups, profiles and sign-in credentials.",
    permission: "USER_CREATE",
    orAdministrators: true,
  },
  {
    href: "/groups",
    label: "Groups",
    description: "Classes and other groups of users, with their categories and members.",
    permission: "GROUP_CREATE",
  },
  {
    href: "/roles",
    label: "Roles",
    description: "The roles of the platform and the permissions each one grants.",
    permission: "USER_CREATE",
    orAdministrators: true,
  },
  {
    href: "/challenges",
    label: "Challenges",
    description: "Author choice, pronunciation and speech challenges.",
    permission: ["CHALLENGE_CREATE", "CHALLENGE_EDIT", "CHOICE_CHALLENGE_CREATE"],
    levels: ["organisation"],
  },
  {
    href: "/categories",
    label: "Categories",
    description: "Arrange speech challenges in a tree of categories.",
    permission: "CATEGORY_CREATE",
    levels: ["organisation"],
  },
  {
    href: "/assignments",
    label: "Assignments",
    description: "Give speech recordings to annotators and follow their progress.",
    // Only administrators change assignments (lib/policies/table.ts); annotators work from "Annotate".
    permission: "ADMIN",
    orAdministrators: true,
  },
  {
    href: "/annotation-scheme",
    label: "Label scheme",
    description: "The annotation layers and labels of this organisation, and what base annotators get.",
    // No role holds this; organisation administrators get the page (the API lets only them change the scheme).
    permission: "ANNOTATION_SCHEME_ADMIN",
    levels: ["organisation"],
    orAdministrators: true,
  },
  {
    href: "/annotations",
    label: "Annotate",
    description: "Your assignments: label recordings in the waveform editor.",
    permission: "ANNOTATION_LIST",
  },
  {
    href: "/practice",
    label: "My exercises",
    description: "Do the exercises as a student: listen, speak and see the result at once.",
    // Teachers of an organisation open them here too, to try an exercise as a student would.
    permission: "SPEECH_RECORDING_CREATE",
    levels: ["organisation"],
    forStudents: true,
  },
  {
    href: "/progress",
    label: "Progress",
    description: "Follow students' recordings and scores per category and group.",
    permission: "CATEGORY_LIST",
    levels: ["organisation"],
  },
];

export function visibleNav(principal: {
  level: Level;
  can: (permission: string) => boolean;
  isAdministrator?: boolean;
  roles?: readonly string[];
}): NavItem[] {
  const student = isStudent(principal.roles);
  return NAV_ITEMS.filter(
    (item) =>
      (!student || item.forStudents) &&
      (!item.levels || item.levels.includes(principal.level)) &&
      (!item.permission ||
        (typeof item.permission === "string" ? [item.permission] : item.permission).some((p) => principal.can(p)) ||
        (item.orAdministrators && principal.isAdministrator)),
  );
}

/** A student and nothing else: such a person is offered only their own pages. */
export function isStudent(roles: readonly string[] | undefined): boolean {
  return !!roles?.length && roles.every((r) => r === "STUDENT");
}
