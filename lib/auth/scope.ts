// The scope strings of the contract (section 5) and the SDK's tenant-level user form.

export type Scope =
  | { kind: "top-user"; userId: string }
  | { kind: "tenant"; tenantId: string }
  | { kind: "tenant-user"; tenantId: string; user: string }
  | { kind: "organisation"; tenantId: string; organisationId: string }
  | { kind: "student"; tenantId: string; organisationId: string; userId: string }
  | { kind: "org-user"; tenantId: string; organisationId: string; username: string };

const SEGMENT = /^[^/\s]{1,200}$/;

export function parseScope(raw: string): Scope | null {
  const parts = raw.split("/");
  if (!parts.every((p) => SEGMENT.test(p))) return null;
  const [a, b, c, d, e, f] = parts.map((p) => safeDecode(p));
  if (parts.some((_, i) => [a, b, c, d, e, f][i] === null)) return null;
  switch (parts.length) {
    case 2:
      if (a === "user") return { kind: "top-user", userId: b! };
      if (a === "tenant") return { kind: "tenant", tenantId: b! };
      return null;
    case 4:
      if (a !== "tenant") return null;
      if (c === "organisation") return { kind: "organisation", tenantId: b!, organisationId: d! };
      if (c === "user") return { kind: "tenant-user", tenantId: b!, user: d! };
      return null;
    case 6:
      if (a !== "tenant" || c !== "organisation") return null;
      if (e === "student") return { kind: "student", tenantId: b!, organisationId: d!, userId: f! };
      if (e === "user") return { kind: "org-user", tenantId: b!, organisationId: d!, username: f! };
      return null;
    default:
      return null;
  }
}

function safeDecode(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}

export function formatScope(scope: Scope): string {
  const e = encodeURIComponent;
  switch (scope.kind) {
    case "top-user":
      return `user/${e(scope.userId)}`;
    case "tenant":
      return `tenant/${e(scope.tenantId)}`;
    case "tenant-user":
      return `tenant/${e(scope.tenantId)}/user/${e(scope.user)}`;
    case "organisation":
      return `tenant/${e(scope.tenantId)}/organisation/${e(scope.organisationId)}`;
    case "student":
      return `tenant/${e(scope.tenantId)}/organisation/${e(scope.organisationId)}/student/${e(scope.userId)}`;
    case "org-user":
      return `tenant/${e(scope.tenantId)}/organisation/${e(scope.organisationId)}/user/${e(scope.username)}`;
  }
}
