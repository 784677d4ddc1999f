import { db } from "@/lib/db/client";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { userSchema } from "@/lib/users/schemas";
import { getUser } from "@/lib/users/users";
import { otherMethods } from "@/lib/api/other-methods";

// GET /api/users/:userId
export const GET = withApi<{ userId: string }>({ policy: "user", authenticated: true, resource: "User", responses: { 200: userSchema } }, async ({ principal, params }) =>
  json(userSchema, await getUser(db(), principal, params.userId)),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
