import { db } from "@/lib/db/client";
import { noContent } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { removeMember } from "@/lib/groups/edit";
import { otherMethods } from "@/lib/api/other-methods";

// DELETE /api/groups/:group/members/:userId (ours): the user leaves the group.
export const DELETE = withApi<{ group: string; userId: string }>({ policy: "group", permission: "GROUP_CREATE", resource: "Group", responses: { 204: null } }, async ({ principal, params }) => {
  await removeMember(db(), principal, params.group, params.userId);
  return noContent();
});

export const { GET, POST, PUT, PATCH } = otherMethods("DELETE");
