import { db } from "@/lib/db/client";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { roleSchema } from "@/lib/roles/schemas";
import { getRole } from "@/lib/roles/roles";
import { otherMethods } from "@/lib/api/other-methods";

// GET /api/roles/:role
export const GET = withApi<{ role: string }>({ policy: "role", authenticated: true, resource: "Role", responses: { 200: roleSchema } }, async ({ params }) =>
  json(roleSchema, await getRole(db(), params.role)),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
