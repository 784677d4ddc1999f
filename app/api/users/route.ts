import { otherMethods } from "@/lib/api/other-methods";
import { nextLink } from "@/lib/api/pagination";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { createUserSchema, listUsersQuery, userSchema } from "@/lib/users/schemas";
import { createUser, listUsers } from "@/lib/users/users";

// POST /api/users
export const POST = withApi(
  {
    policy: "user",
    permission: "USER_CREATE",
    resource: "User",
    body: createUserSchema,
    responses: { 201: { body: userSchema, headers: ["Location"] } },
  },
  async ({ principal, body }) => {
    const user = await createUser(db(), principal, body);
    return json(userSchema, user, { status: 201, headers: { Location: `${config().apiBaseUrl}/users/${user.id}` } });
  },
);

// GET /api/users
export const GET = withApi(
  {
    policy: "user",
    permission: "USER_LIST",
    resource: "User",
    query: listUsersQuery,
    responses: { 200: { body: userSchema.array(), headers: ["Link"] } },
  },
  async ({ req, principal, query }) => {
    const page = await listUsers(db(), principal, query);
    return json(userSchema.array(), page.items, { headers: nextLink(req, page.nextCursor) });
  },
);

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
