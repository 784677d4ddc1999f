import { otherMethods } from "@/lib/api/other-methods";
import { nextLink } from "@/lib/api/pagination";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { createFeedback, listFeedback } from "@/lib/feedback/feedback";
import { createFeedbackSchema, FEEDBACK_RESOURCE, feedbackSchema, listFeedbackQuery } from "@/lib/feedback/schemas";
import { storage } from "@/lib/storage/storage";

// POST /api/feedback (multipart: id?, audio, challengeId, resultSetId, sentences* (one JSON part
// each), extra? (JSON part)); created as the current user
export const POST = withApi(
  {
    policy: "submission",
    in: "organisation",
    permission: "FEEDBACK_CREATE",
    resource: FEEDBACK_RESOURCE,
    body: createFeedbackSchema,
    files: ["audio"],
    responses: { 201: { body: feedbackSchema, headers: ["Location"] } },
  },
  async ({ principal, body, files }) => {
    const feedback = await createFeedback(db(), storage(), principal, body, files);
    return json(feedbackSchema, feedback, {
      status: 201,
      headers: { Location: `${config().apiBaseUrl}/feedback/${encodeURIComponent(feedback.id)}` },
    });
  },
);

// GET /api/feedback: the caller's own feedback (paginated; the SDK's feedback.getAll)
export const GET = withApi(
  {
    policy: "submission",
    in: "organisation",
    authenticated: true,
    resource: FEEDBACK_RESOURCE,
    query: listFeedbackQuery,
    responses: { 200: { body: feedbackSchema.array(), headers: ["Link"] } },
  },
  async ({ req, principal, query }) => {
    const page = await listFeedback(db(), principal, query);
    return json(feedbackSchema.array(), page.items, { headers: nextLink(req, page.nextCursor) });
  },
);

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
