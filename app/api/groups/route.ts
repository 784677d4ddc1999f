import { otherMethods } from "@/lib/api/other-methods";
import { nextLink } from "@/lib/api/pagination";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { createGroup, listGroups } from "@/lib/groups/groups";
import { createGroupSchema, groupSchema, listGroupsQuery } from "@/lib/groups/schemas";

// POST /api/groups
export const POST = withApi(
  {
    policy: "group",
    permission: "GROUP_CREATE",
    resource: "Group",
    body: createGroupSchema,
    responses: { 201: { body: groupSchema, headers: ["Location"] } },
  },
  async ({ principal, body }) => {
    const group = await createGroup(db(), principal, body);
    return json(groupSchema, group, {
      status: 201,
      headers: { Location: `${config().apiBaseUrl}/groups/${group.id}` },
    });
  },
);

// GET /api/groups
export const GET = withApi(
  {
    policy: "group",
    permission: "GROUP_LIST",
    resource: "Group",
    query: listGroupsQuery,
    responses: { 200: { body: groupSchema.array(), headers: ["Link"] } },
  },
  async ({ req, principal, query }) => {
    const page = await listGroups(db(), principal, query);
    return json(groupSchema.array(), page.items, { headers: nextLink(req, page.nextCursor) });
  },
);

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
