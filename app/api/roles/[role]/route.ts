import { otherMethods } from "@/lib/api/other-methods";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { db } from "@/lib/db/client";
import { getRole, updateRole } from "@/lib/roles/roles";
import { roleSchema, updateRoleSchema } from "@/lib/roles/schemas";

// GET /api/roles/:role
export const GET = withApi<{ role: string }>(
  { policy: "role", authenticated: true, resource: "Role", responses: { 200: roleSchema } },
  async ({ params }) => json(roleSchema, await getRole(db(), params.role)),
);

// PUT /api/roles/:role
export const PUT = withApi<{ role: string }, typeof updateRoleSchema>(
  {
    policy: "role",
    permission: "ADMIN",
    resource: "Role",
    body: updateRoleSchema,
    responses: { 200: roleSchema },
    summary: "Replace a custom role's permissions (top-level admins; built-in roles are fixed: 403)",
  },
  async ({ principal, params, body }) => json(roleSchema, await updateRole(db(), principal, params.role, body)),
);

export const { POST, PATCH, DELETE } = otherMethods("GET", "PUT");
