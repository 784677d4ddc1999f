import { otherMethods } from "@/lib/api/other-methods";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { db } from "@/lib/db/client";
import { progressCell } from "@/lib/progress/get-progress-cell";
import { PROGRESS_RESOURCE, progressCellQuery, progressCellSchema } from "@/lib/progress/schemas";

// GET /api/categories/:category/progress/cell?user=…&challenge=…&from=…&to=… (ours): one cell
// of the progress grid opened (lib/progress/get-progress-cell.ts): the user's most recent result set for the
// challenge, by the grid's rule and date range, with its recordings to play.
export const GET = withApi<{ category: string }, undefined, typeof progressCellQuery>(
  {
    policy: "progress",
    in: "organisation",
    permission: "CATEGORY_LIST",
    resource: PROGRESS_RESOURCE,
    query: progressCellQuery,
    extension: true,
    summary: "One cell of the progress grid: the most recent result set of a user for a challenge, with its recordings",
    responses: { 200: progressCellSchema },
  },
  async ({ principal, params, query }) =>
    json(progressCellSchema, await progressCell(db(), principal, params.category, query)),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
