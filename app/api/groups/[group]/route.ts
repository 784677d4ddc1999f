import { db } from "@/lib/db/client";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { groupSchema } from "@/lib/groups/schemas";
import { getGroup } from "@/lib/groups/groups";
import { otherMethods } from "@/lib/api/other-methods";

// GET /api/groups/:group
export const GET = withApi<{ group: string }>({ permission: "GROUP_LIST", resource: "Group" }, async ({ principal, params }) =>
  json(groupSchema, await getGroup(db(), principal, params.group)),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
