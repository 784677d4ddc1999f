import { otherMethods } from "@/lib/api/other-methods";
import { json, noContent } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { db } from "@/lib/db/client";
import { storage } from "@/lib/storage/storage";
import { eraseUser } from "@/lib/users/erase";
import { updateUserSchema, userSchema } from "@/lib/users/schemas";
import { updateUser } from "@/lib/users/update";
import { getUser } from "@/lib/users/users";

// GET /api/users/:userId
export const GET = withApi<{ userId: string }>(
  { policy: "user", authenticated: true, resource: "User", responses: { 200: userSchema } },
  async ({ principal, params }) => json(userSchema, await getUser(db(), principal, params.userId)),
);

// PUT /api/users/:userId
export const PUT = withApi<{ userId: string }, typeof updateUserSchema>(
  {
    policy: "user",
    permission: "USER_CREATE",
    resource: "User",
    body: updateUserSchema,
    responses: { 200: userSchema },
    summary:
      "Update a user (ours): the fields sent change; groups and roles, when sent, replace the lists. Roles follow the granting rules of create",
  },
  async ({ principal, params, body }) => json(userSchema, await updateUser(db(), principal, params.userId, body)),
);

// DELETE /api/users/:userId
export const DELETE = withApi<{ userId: string }>(
  {
    policy: "user",
    permission: "USER_CREATE",
    resource: "User",
    responses: { 204: null },
    summary:
      "Erase a user (ours): credentials, tokens, profile, recordings, feedback, analyses, recognitions and their files. Refused with 409 while annotation work depends on them (annotations or reference annotations on their recordings, or an assignment naming them as annotator)",
  },
  async ({ principal, params }) => {
    await eraseUser(db(), storage(), principal, params.userId);
    return noContent();
  },
);

export const { POST, PATCH } = otherMethods("GET", "PUT", "DELETE");
