import { listAnnotations } from "@/lib/annotations/annotations";
import { createAnnotation } from "@/lib/annotations/create-annotation";
import {
  ANNOTATION_RESOURCE,
  annotationSchema,
  createAnnotationSchema,
  listAnnotationsQuery,
} from "@/lib/annotations/schemas";
import { annotationResponse, createdAnnotationResponses } from "@/lib/api/annotation-responses";
import { otherMethods } from "@/lib/api/other-methods";
import { nextLink } from "@/lib/api/pagination";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { db } from "@/lib/db/client";

// GET /api/annotations (filters annotator, assignment, recording, done; perPage, startCursor; next page in Link)
export const GET = withApi(
  {
    policy: "annotation",
    authenticated: true,
    resource: ANNOTATION_RESOURCE,
    query: listAnnotationsQuery,
    responses: { 200: { body: annotationSchema.array(), headers: ["Link"] } },
  },
  async ({ req, principal, query }) => {
    const page = await listAnnotations(db(), principal, query);
    return json(annotationSchema.array(), page.items as never, { headers: nextLink(req, page.nextCursor) });
  },
);

// POST /api/annotations (JSON: id?, doneBase?, doneFull?, recording, assignment, fragments): 200 per the contract
export const POST = withApi(
  {
    policy: "annotation",
    authenticated: true,
    resource: ANNOTATION_RESOURCE,
    body: createAnnotationSchema,
    responses: createdAnnotationResponses,
  },
  async ({ principal, body }) => annotationResponse(await createAnnotation(db(), principal, body), { location: true }),
);

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
