import { z } from "zod";
import { importIntoReference } from "@/lib/annotations/exchange";
import type { ReferencePath } from "@/lib/annotations/references";
import { IMPORT_FILES, REFERENCE_RESOURCE } from "@/lib/annotations/schemas";
import { annotationResponse, annotationResponses, ifMatchOf } from "@/lib/api/annotation-responses";
import { otherMethods } from "@/lib/api/other-methods";
import { withApi } from "@/lib/api/with-api";
import { db } from "@/lib/db/client";

// POST /api/organisations/:organisation/challenges/speech/:challenge/recordings/:recording/reference/import (multipart: file)
export const POST = withApi<ReferencePath, z.ZodObject>(
  {
    policy: "reference",
    authenticated: true,
    resource: REFERENCE_RESOURCE,
    body: z.object({}),
    files: IMPORT_FILES,
    responses: annotationResponses,
    ifMatch: true,
    extension: true,
  },
  async ({ req, principal, params, files }) =>
    annotationResponse(await importIntoReference(db(), principal, params, files.file?.[0], ifMatchOf(req))),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
