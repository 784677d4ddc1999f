import { otherMethods } from "@/lib/api/other-methods";
import { nextLink } from "@/lib/api/pagination";
import { json, noContent } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { db } from "@/lib/db/client";
import { addMembers, listMembers } from "@/lib/groups/edit";
import { addMembersSchema } from "@/lib/groups/edit-schemas";
import { listUsersQuery, userSchema } from "@/lib/users/schemas";

// GET /api/groups/:group/members (ours): the members, paginated and sorted like GET /api/users
// (which lists them too, with ?group=); 404 for an unknown group.
export const GET = withApi<{ group: string }, undefined, typeof listUsersQuery>(
  {
    policy: "user",
    permission: "USER_LIST",
    resource: "User",
    query: listUsersQuery,
    responses: { 200: { body: userSchema.array(), headers: ["Link"] } },
  },
  async ({ req, principal, params, query }) => {
    const page = await listMembers(db(), principal, params.group, query);
    return json(userSchema.array(), page.items, { headers: nextLink(req, page.nextCursor) });
  },
);

// POST /api/groups/:group/members (ours): JSON { users: [id, ...] } joins them to the group.
export const POST = withApi<{ group: string }, typeof addMembersSchema>(
  { policy: "group", permission: "GROUP_CREATE", resource: "Group", body: addMembersSchema, responses: { 204: null } },
  async ({ principal, params, body }) => {
    await addMembers(db(), principal, params.group, body);
    return noContent();
  },
);

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
