import { z } from "zod";
import { importIntoAnnotation } from "@/lib/annotations/exchange";
import { ANNOTATION_RESOURCE, IMPORT_FILES, idParam } from "@/lib/annotations/schemas";
import { annotationResponse, annotationResponses, ifMatchOf } from "@/lib/api/annotation-responses";
import { otherMethods } from "@/lib/api/other-methods";
import { withApi } from "@/lib/api/with-api";
import { db } from "@/lib/db/client";

// POST /api/annotation/:annotation/import (multipart: file = a TextGrid or .eaf): replaces the fragments
export const POST = withApi<{ annotation: string }, z.ZodObject>(
  {
    policy: "annotation",
    authenticated: true,
    resource: ANNOTATION_RESOURCE,
    body: z.object({}),
    files: IMPORT_FILES,
    responses: annotationResponses,
    ifMatch: true,
    extension: true,
  },
  async ({ req, principal, params, files }) =>
    annotationResponse(
      await importIntoAnnotation(
        db(),
        principal,
        idParam(params.annotation, "Annotation"),
        files.file?.[0],
        ifMatchOf(req),
      ),
    ),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
