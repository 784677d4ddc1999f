import { otherMethods } from "@/lib/api/other-methods";
import { withApi } from "@/lib/api/with-api";
import { db } from "@/lib/db/client";
import { progressGridResponse } from "@/lib/progress/respond";
import { PROGRESS_RESOURCE, progressGridQuery, progressGridSchema } from "@/lib/progress/schemas";

// GET /api/categories/:category/progress/grid?group=…&role=…&from=…&to=… (ours): the progress
// answer in a compact form for grids (lib/progress/grid.ts): the same selection, access rules and
// read path as GET /categories/:category/progress, each name once, per recorded cell only numbers
// (attempts, last time, duration, pronunciation score) and the result set's id.
export const GET = withApi<{ category: string }, undefined, typeof progressGridQuery>(
  {
    policy: "progress",
    in: "organisation",
    permission: "CATEGORY_LIST",
    resource: PROGRESS_RESOURCE,
    query: progressGridQuery,
    extension: true,
    summary: "Progress as a compact grid: challenges and students once, recorded cells as numbers",
    responses: { 200: progressGridSchema },
  },
  async ({ principal, params, query }) => progressGridResponse(db(), principal, params.category, query),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
