import { exportAnnotation } from "@/lib/annotations/exchange";
import { ANNOTATION_RESOURCE, exportQuery, idParam } from "@/lib/annotations/schemas";
import { exportResponse, exportResponses } from "@/lib/api/annotation-responses";
import { otherMethods } from "@/lib/api/other-methods";
import { withApi } from "@/lib/api/with-api";
import { db } from "@/lib/db/client";

// GET /api/annotation/:annotation/export?format=textgrid|eaf|vtt|json (a download)
export const GET = withApi<{ annotation: string }, undefined, typeof exportQuery>(
  {
    policy: "annotation",
    authenticated: true,
    resource: ANNOTATION_RESOURCE,
    query: exportQuery,
    responses: exportResponses,
    extension: true,
  },
  async ({ principal, params, query }) =>
    exportResponse(await exportAnnotation(db(), principal, idParam(params.annotation, "Annotation"), query.format)),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
