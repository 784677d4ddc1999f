import { otherMethods } from "@/lib/api/other-methods";
import { noContent } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { db } from "@/lib/db/client";
import { removeMember } from "@/lib/groups/edit";

// DELETE /api/groups/:group/members/:userId (ours): the user leaves the group.
export const DELETE = withApi<{ group: string; userId: string }>(
  { policy: "group", permission: "GROUP_CREATE", resource: "Group", responses: { 204: null } },
  async ({ principal, params }) => {
    await removeMember(db(), principal, params.group, params.userId);
    return noContent();
  },
);

export const { GET, POST, PUT, PATCH } = otherMethods("DELETE");
