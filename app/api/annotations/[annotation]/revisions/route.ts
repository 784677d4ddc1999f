import { listRevisions } from "@/lib/annotations/revisions";
import { ANNOTATION_RESOURCE, idParam, listRevisionsQuery, revisionSchema } from "@/lib/annotations/schemas";
import { otherMethods } from "@/lib/api/other-methods";
import { nextLink } from "@/lib/api/pagination";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { db } from "@/lib/db/client";

// GET /api/annotations/:annotation/revisions (ours: every save, newest first; perPage, startCursor; next page in Link)
export const GET = withApi<{ annotation: string }, undefined, typeof listRevisionsQuery>(
  {
    policy: "annotation",
    authenticated: true,
    resource: ANNOTATION_RESOURCE,
    query: listRevisionsQuery,
    responses: { 200: { body: revisionSchema.array(), headers: ["Link"] } },
    extension: true,
    summary: "The saved versions of an annotation, newest first",
  },
  async ({ req, principal, params, query }) => {
    const page = await listRevisions(db(), principal, idParam(params.annotation, "Annotation"), query);
    return json(revisionSchema.array(), page.items as never, { headers: nextLink(req, page.nextCursor) });
  },
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
