import { otherMethods } from "@/lib/api/other-methods";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { db } from "@/lib/db/client";
import { feedbackSchema } from "@/lib/feedback/schemas";
import { getReview } from "@/lib/reading/get-review";
import { CORRECTION_RESOURCE, reviewSchema } from "@/lib/reading/schemas";

const schema = reviewSchema(feedbackSchema);

// GET /api/feedback/:id/review (ours: the review screen's one read: feedback, names, engine, whether the caller may correct)
export const GET = withApi<{ id: string }>(
  {
    policy: "correction",
    in: "organisation",
    authenticated: true,
    resource: CORRECTION_RESOURCE,
    responses: { 200: schema },
    extension: true,
    summary: "A feedback with what its review screen shows",
  },
  async ({ principal, params }) => json(schema, await getReview(db(), principal, params.id)),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
