import { otherMethods } from "@/lib/api/other-methods";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { db } from "@/lib/db/client";
import { getFeedback } from "@/lib/feedback/feedback";
import { FEEDBACK_RESOURCE, feedbackSchema } from "@/lib/feedback/schemas";

// GET /api/feedback/:id: the owning user, teachers and the organisation's administrators (others 403)
export const GET = withApi<{ id: string }>(
  {
    policy: "submission",
    in: "organisation",
    authenticated: true,
    resource: FEEDBACK_RESOURCE,
    responses: { 200: feedbackSchema },
  },
  async ({ principal, params }) => json(feedbackSchema, await getFeedback(db(), principal, params.id)),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
