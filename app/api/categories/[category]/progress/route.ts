import { db } from "@/lib/db/client";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { otherMethods } from "@/lib/api/other-methods";
import { PROGRESS_RESOURCE, progressEntrySchema, progressQuery } from "@/lib/progress/schemas";
import { categoryProgress } from "@/lib/progress/progress";

// GET /api/categories/:category/progress?group=…&group=…&role=…: progress entries for the
// current user (no group) or for the members of the groups (students: only themselves).
// The percentage and the choice of result set are defined in lib/progress/progress.ts.
export const GET = withApi<{ category: string }, undefined, typeof progressQuery>(
  { policy: "progress", in: "organisation", permission: "CATEGORY_LIST", resource: PROGRESS_RESOURCE, query: progressQuery, responses: { 200: progressEntrySchema.array() } },
  async ({ principal, params, query }) => json(progressEntrySchema.array(), await categoryProgress(db(), principal, params.category, query)),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
