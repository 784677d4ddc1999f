import { exportReference } from "@/lib/annotations/exchange";
import type { ReferencePath } from "@/lib/annotations/references";
import { exportQuery, REFERENCE_RESOURCE } from "@/lib/annotations/schemas";
import { exportResponse, exportResponses } from "@/lib/api/annotation-responses";
import { otherMethods } from "@/lib/api/other-methods";
import { withApi } from "@/lib/api/with-api";
import { db } from "@/lib/db/client";

// GET /api/organisations/:organisation/challenges/speech/:challenge/recordings/:recording/reference/export?format=...
export const GET = withApi<ReferencePath, undefined, typeof exportQuery>(
  {
    policy: "reference",
    authenticated: true,
    resource: REFERENCE_RESOURCE,
    query: exportQuery,
    responses: exportResponses,
    extension: true,
  },
  async ({ principal, params, query }) => exportResponse(await exportReference(db(), principal, params, query.format)),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
