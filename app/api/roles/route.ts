import { otherMethods } from "@/lib/api/other-methods";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { createRole, listRoles } from "@/lib/roles/roles";
import { createRoleSchema, roleListItemSchema, roleSchema } from "@/lib/roles/schemas";

// GET /api/roles
export const GET = withApi(
  { policy: "role", authenticated: true, resource: "Role", responses: { 200: roleListItemSchema.array() } },
  async () => json(roleListItemSchema.array(), await listRoles(db())),
);

// POST /api/roles
export const POST = withApi(
  {
    policy: "role",
    permission: "ADMIN",
    resource: "Role",
    body: createRoleSchema,
    responses: { 201: { body: roleSchema, headers: ["Location"] } },
    summary: "Create a custom role (top-level admins): any permissions but ADMIN; unknown permissions are a 422",
  },
  async ({ principal, body }) => {
    const role = await createRole(db(), principal, body);
    return json(roleSchema, role, {
      status: 201,
      headers: { Location: `${config().apiBaseUrl}/roles/${encodeURIComponent(role.id)}` },
    });
  },
);

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
