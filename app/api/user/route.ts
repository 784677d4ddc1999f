import { otherMethods } from "@/lib/api/other-methods";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { db } from "@/lib/db/client";
import { userSchema } from "@/lib/users/schemas";
import { currentUser } from "@/lib/users/users";

// GET /api/user
export const GET = withApi(
  { policy: "user", authenticated: true, resource: "User", responses: { 200: userSchema } },
  async ({ principal }) => json(userSchema, await currentUser(db(), principal)),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
