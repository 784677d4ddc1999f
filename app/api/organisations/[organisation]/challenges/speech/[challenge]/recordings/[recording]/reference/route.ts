import { getReference, putReference, type ReferencePath } from "@/lib/annotations/references";
import { putReferenceSchema, REFERENCE_RESOURCE } from "@/lib/annotations/schemas";
import { annotationResponse, annotationResponses, ifMatchOf } from "@/lib/api/annotation-responses";
import { otherMethods } from "@/lib/api/other-methods";
import { withApi } from "@/lib/api/with-api";
import { db } from "@/lib/db/client";

// GET /api/organisations/:organisation/challenges/speech/:challenge/recordings/:recording/reference
export const GET = withApi<ReferencePath>(
  { policy: "reference", authenticated: true, resource: REFERENCE_RESOURCE, responses: annotationResponses },
  async ({ principal, params }) => annotationResponse(await getReference(db(), principal, params)),
);

// PUT /api/organisations/:organisation/challenges/speech/:challenge/recordings/:recording/reference (JSON: annotations)
export const PUT = withApi<ReferencePath, typeof putReferenceSchema>(
  {
    policy: "reference",
    authenticated: true,
    resource: REFERENCE_RESOURCE,
    body: putReferenceSchema,
    responses: annotationResponses,
    ifMatch: true,
  },
  async ({ req, principal, params, body }) =>
    annotationResponse(await putReference(db(), principal, params, body.annotations, ifMatchOf(req))),
);

export const { POST, PATCH, DELETE } = otherMethods("GET", "PUT");
