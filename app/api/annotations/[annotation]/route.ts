import { getAnnotation } from "@/lib/annotations/annotations";
import { ANNOTATION_RESOURCE, idParam, updateAnnotationSchema } from "@/lib/annotations/schemas";
import { updateAnnotation } from "@/lib/annotations/update-annotation";
import { annotationResponse, annotationResponses, ifMatchOf } from "@/lib/api/annotation-responses";
import { otherMethods } from "@/lib/api/other-methods";
import { withApi } from "@/lib/api/with-api";
import { db } from "@/lib/db/client";

type Params = { annotation: string };

// GET /api/annotations/:annotation (the contract's path is /annotation/:annotation; both work)
export const GET = withApi<Params>(
  { policy: "annotation", authenticated: true, resource: ANNOTATION_RESOURCE, responses: annotationResponses },
  async ({ principal, params }) =>
    annotationResponse(await getAnnotation(db(), principal, idParam(params.annotation, "Annotation"))),
);

// PUT /api/annotations/:annotation (JSON, incremental; If-Match with the ETag refuses stale saves with 409)
export const PUT = withApi<Params, typeof updateAnnotationSchema>(
  {
    policy: "annotation",
    authenticated: true,
    resource: ANNOTATION_RESOURCE,
    body: updateAnnotationSchema,
    responses: annotationResponses,
    ifMatch: true,
  },
  async ({ req, principal, params, body }) =>
    annotationResponse(
      await updateAnnotation(db(), principal, idParam(params.annotation, "Annotation"), body, ifMatchOf(req)),
    ),
);

export const { POST, PATCH, DELETE } = otherMethods("GET", "PUT");
