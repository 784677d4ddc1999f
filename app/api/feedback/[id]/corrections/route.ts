import { otherMethods } from "@/lib/api/other-methods";
import { nextLink } from "@/lib/api/pagination";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { db } from "@/lib/db/client";
import { feedbackSchema } from "@/lib/feedback/schemas";
import { correctWord } from "@/lib/reading/correct-word";
import { listCorrections } from "@/lib/reading/list-corrections";
import {
  CORRECTION_RESOURCE,
  correctionSchema,
  createCorrectionSchema,
  listCorrectionsQuery,
} from "@/lib/reading/schemas";

// GET /api/feedback/:id/corrections (ours: every correction of the feedback's words, oldest first; perPage, startCursor; next page in Link)
export const GET = withApi<{ id: string }, undefined, typeof listCorrectionsQuery>(
  {
    policy: "correction",
    in: "organisation",
    authenticated: true,
    resource: CORRECTION_RESOURCE,
    query: listCorrectionsQuery,
    responses: { 200: { body: correctionSchema.array(), headers: ["Link"] } },
    extension: true,
    summary: "The corrections of a feedback's word labels, oldest first",
  },
  async ({ req, principal, params, query }) => {
    const page = await listCorrections(db(), principal, params.id, query);
    return json(correctionSchema.array(), page.items, { headers: nextLink(req, page.nextCursor) });
  },
);

// POST /api/feedback/:id/corrections (ours: a teacher changes one word's label; answers the feedback with its figures recounted)
export const POST = withApi<{ id: string }, typeof createCorrectionSchema>(
  {
    policy: "correction",
    in: "organisation",
    authenticated: true,
    resource: CORRECTION_RESOURCE,
    body: createCorrectionSchema,
    responses: { 200: feedbackSchema },
    extension: true,
    summary: "Correct the label of one word of a feedback",
  },
  async ({ principal, params, body }) => json(feedbackSchema, await correctWord(db(), principal, params.id, body)),
);

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
