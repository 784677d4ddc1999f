import type { ExportFile } from "@/lib/annotations/exchange";
import type { AnnotationOut } from "@/lib/annotations/schemas";
import { annotationSchema } from "@/lib/annotations/schemas";
import { parseIfMatch } from "@/lib/annotations/versions";
import { config } from "@/lib/config";
import type { ResponsesDoc } from "./doc";
import { json } from "./respond";

// Responses shared by the annotation and reference routes: the annotation with its ETag,
// and exported files as downloads.

export function annotationResponse(
  result: { annotation: AnnotationOut; etag: string },
  init: { status?: number; location?: boolean } = {},
): Response {
  const headers: Record<string, string> = { ETag: result.etag, "Cache-Control": "no-cache" };
  if (init.location && result.annotation.id !== null)
    headers.Location = `${config().apiBaseUrl}/annotation/${result.annotation.id}`;
  return json(annotationSchema, result.annotation as never, { status: init.status, headers });
}

export function exportResponse(file: ExportFile): Response {
  return new Response(file.body, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      ETag: file.etag,
      "Cache-Control": "no-cache",
    },
  });
}

export const ifMatchOf = (req: Request) => parseIfMatch(req.headers.get("if-match"));

/** For the OpenAPI document: an annotation with its ETag (and a Location when created). */
export const annotationResponses: ResponsesDoc = { 200: { body: annotationSchema, headers: ["ETag"] } };
export const createdAnnotationResponses: ResponsesDoc = {
  200: { body: annotationSchema, headers: ["ETag", "Location"] },
};
export const exportResponses: ResponsesDoc = {
  200: {
    body: "binary",
    contentType: "application/octet-stream",
    headers: ["ETag", "Content-Disposition"],
    description: "The exported file (TextGrid, EAF, WebVTT or JSON by `format`)",
  },
};
