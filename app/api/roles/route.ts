import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { roleListItemSchema } from "@/lib/roles/schemas";
import { listRoles } from "@/lib/roles/roles";
import { otherMethods } from "@/lib/api/other-methods";

// GET /api/roles
export const GET = withApi({ policy: "role", authenticated: true, resource: "Role", responses: { 200: roleListItemSchema.array() } }, async () => json(roleListItemSchema.array(), await listRoles(db())));

// POST /api/roles (the SDK has a create call; roles here are fixed by the service)
export const POST = withApi({ policy: "role", authenticated: true, resource: "Role", responses: {}, summary: "Refused: roles are fixed by the service (403)" }, async () => {
  throw new ApiError("forbidden", "Roles are read-only");
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
