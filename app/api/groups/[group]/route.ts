import { otherMethods } from "@/lib/api/other-methods";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { db } from "@/lib/db/client";
import { updateGroup } from "@/lib/groups/edit";
import { updateGroupSchema } from "@/lib/groups/edit-schemas";
import { getGroup } from "@/lib/groups/groups";
import { groupSchema } from "@/lib/groups/schemas";

// GET /api/groups/:group
export const GET = withApi<{ group: string }>(
  { policy: "group", permission: "GROUP_LIST", resource: "Group", responses: { 200: groupSchema } },
  async ({ principal, params }) => json(groupSchema, await getGroup(db(), principal, params.group)),
);

// PUT /api/groups/:group (ours; the contract has no group update): name and categories.
export const PUT = withApi<{ group: string }, typeof updateGroupSchema>(
  {
    policy: "group",
    permission: "GROUP_CREATE",
    resource: "Group",
    body: updateGroupSchema,
    responses: { 200: groupSchema },
  },
  async ({ principal, params, body }) => json(groupSchema, await updateGroup(db(), principal, params.group, body)),
);

export const { POST, PATCH, DELETE } = otherMethods("GET", "PUT");
