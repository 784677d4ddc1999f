import { otherMethods } from "@/lib/api/other-methods";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { db } from "@/lib/db/client";
import { bandsSchema, FLUENCY_RESOURCE, putBandsSchema } from "@/lib/reading/fluency-schemas";
import { setReadingBands } from "@/lib/reading/set-bands";

// PUT /api/groups/:group/reading-bands (ours: the school's reading bands of the group, e.g. "needs support" below 60 WCPM)
export const PUT = withApi<{ group: string }, typeof putBandsSchema>(
  {
    policy: "group",
    in: "organisation",
    permission: "GROUP_CREATE",
    resource: FLUENCY_RESOURCE,
    body: putBandsSchema,
    responses: { 200: bandsSchema },
    extension: true,
    summary: "Set the reading bands of a group",
  },
  async ({ principal, params, body }) => json(bandsSchema, await setReadingBands(db(), principal, params.group, body)),
);

export const { GET, POST, PATCH, DELETE } = otherMethods("PUT");
