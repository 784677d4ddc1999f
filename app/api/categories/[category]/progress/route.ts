import { otherMethods } from "@/lib/api/other-methods";
import { withApi } from "@/lib/api/with-api";
import { db } from "@/lib/db/client";
import { progressResponse } from "@/lib/progress/respond";
import { PROGRESS_RESOURCE, progressEntrySchema, progressQuery } from "@/lib/progress/schemas";

// GET /api/categories/:category/progress?group=…&group=…&role=…: progress entries for the
// current user (no group) or for the members of the groups (students: only themselves).
// The percentage and the choice of result set are defined in lib/progress/stream-progress.ts; the
// answer is streamed (lib/progress/respond.ts). With Accept: text/csv, the same as CSV
// (lib/progress/csv.ts): a header line, then a line per student.
export const GET = withApi<{ category: string }, undefined, typeof progressQuery>(
  {
    policy: "progress",
    in: "organisation",
    permission: "CATEGORY_LIST",
    resource: PROGRESS_RESOURCE,
    query: progressQuery,
    responses: {
      200: {
        body: progressEntrySchema.array(),
        alsoText: ["text/csv"],
        headers: ["Content-Disposition"],
        description:
          "The progress entries; with `Accept: text/csv`, a CSV file for spreadsheets (ours): First name, Infix, Last name, Group, Completed (%), then per challenge its attempts (answers), last answer (local time in `timeZone`, default UTC) and pronunciation score (%); Content-Disposition: attachment, named after the category",
      },
    },
  },
  async ({ req, principal, params, query }) =>
    progressResponse(db(), principal, params.category, query, req.headers.get("accept") ?? ""),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
