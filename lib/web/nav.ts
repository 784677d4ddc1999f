import type { Level } from "./session";

// The app's pages: a page shows in the navigation (and on the dashboard) when the current
// view holds its permission at one of its levels — the same rules the API enforces.

export type NavItem = { href: string; label: string; description: string; permission?: string; levels?: readonly Level[] };

export const NAV_ITEMS: readonly NavItem[] = [
  { href: "/", label: "Dashboard", description: "What you can do from this view." },
  { href: "/tenants", label: "Tenants", description: "Create tenants and act as one of them.", permission: "ADMIN", levels: ["top"] },
  {
    href: "/organisations",
    label: "Organisations",
    description: "Create the organisations of this tenant and act as one of them.",
    permission: "ORGANISATION_LIST",
    levels: ["tenant"],
  },
];

export function visibleNav(principal: { level: Level; can: (permission: string) => boolean }): NavItem[] {
  return NAV_ITEMS.filter((item) => (!item.levels || item.levels.includes(principal.level)) && (!item.permission || principal.can(item.permission)));
}
