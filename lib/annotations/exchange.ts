import { readUpload, type UploadedFile } from "@/lib/api/body";
import { ApiError, invalid } from "@/lib/api/errors";
import type { Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { getAnnotation } from "./annotations";
import { toMs } from "./fragments";
import { EXPORT_FORMATS, exportDocument, importDocument } from "./interchange/formats";
import { type Fragment, InterchangeError } from "./interchange/model";
import { schemeOf } from "./label-schemes";
import { getReference, putReference, type ReferencePath } from "./references";
import { type AnnotationOut, type EXPORT_FORMAT_NAMES, fragmentsInput } from "./schemas";
import { updateAnnotation } from "./update-annotation";

// Annotations in other tools' formats: Praat TextGrid, ELAN .eaf and WebVTT out (plus our
// JSON); TextGrid and .eaf back in, replacing the fragments through the same rules as an
// update (scheme, workflow, If-Match).

export type ExportFormat = (typeof EXPORT_FORMAT_NAMES)[number];
export type ExportFile = { body: string; contentType: string; filename: string; etag: string };

/** Largest interchange file read (TextGrids of an hour of speech are far smaller). */
const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

function render(
  format: ExportFormat,
  name: string,
  annotation: AnnotationOut,
  layers: string[],
  etag: string,
): ExportFile {
  if (format === "json")
    return {
      body: JSON.stringify(annotation, null, 2),
      contentType: "application/json; charset=utf-8",
      filename: `${name}.json`,
      etag,
    };
  const fragments: Fragment[] = annotation.fragments.map((f) => ({
    startMs: toMs(f.start),
    endMs: toMs(f.end),
    labels: f.labels,
  }));
  const lastEnd = Math.max(0, ...fragments.map((f) => f.endMs));
  let body: string;
  try {
    body = exportDocument(format, {
      name,
      durationMs: annotation.duration === null ? lastEnd : toMs(annotation.duration),
      layers,
      fragments,
      mediaUrl: annotation.audioUrl,
    });
  } catch (error) {
    // Saved annotations always fit these formats; should one not, say so instead of a 500.
    if (error instanceof InterchangeError)
      throw new ApiError("conflict", `This annotation cannot be written as ${format}: ${error.message}`);
    throw error;
  }
  const meta = EXPORT_FORMATS[format];
  return { body, contentType: meta.contentType, filename: `${name}.${meta.extension}`, etag };
}

export async function exportAnnotation(
  db: Db,
  caller: Principal,
  id: number,
  format: ExportFormat,
): Promise<ExportFile> {
  const { annotation, etag, organisationPk } = await getAnnotation(db, caller, id);
  const scheme = await schemeOf(db, organisationPk);
  return render(
    format,
    `annotation-${id}`,
    annotation,
    scheme.layers.map((l) => l.name),
    etag,
  );
}

export async function exportReference(
  db: Db,
  caller: Principal,
  path: ReferencePath,
  format: ExportFormat,
): Promise<ExportFile> {
  const { annotation, etag, organisationPk } = await getReference(db, caller, path);
  const scheme = await schemeOf(db, organisationPk);
  return render(
    format,
    `reference-${path.recording}`,
    annotation,
    scheme.layers.map((l) => l.name),
    etag,
  );
}

/** The fragments of an uploaded TextGrid or .eaf, in seconds (as clients send them). */
async function readInterchange(file: UploadedFile | undefined, resource: string) {
  if (!file) throw invalid(resource, "file", "missing_field", "Send the TextGrid or .eaf file in a part named file");
  if (file.size > MAX_IMPORT_BYTES)
    throw new ApiError("payload_too_large", `Interchange files are limited to ${MAX_IMPORT_BYTES / 1024 / 1024} MiB`);
  const bytes = await readUpload(file);
  let fragments: unknown;
  try {
    const imported = importDocument(bytes, file.filename || undefined);
    fragments = imported.fragments.map((f) => ({ start: f.startMs / 1000, end: f.endMs / 1000, labels: f.labels }));
  } catch (error) {
    if (error instanceof InterchangeError)
      throw invalid(resource, "file", "invalid", `Unreadable annotation file: ${error.message}`);
    throw error;
  }
  // The same limits as fragments sent as JSON (label and comment lengths, counts, trimming):
  // a file is only another way of sending them.
  const parsed = fragmentsInput.safeParse(fragments);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.path.length
      ? `fragment ${Number(issue.path[0]) + 1}${issue.path.length > 1 ? ` (${issue.path.slice(1).join(".")})` : ""}: `
      : "";
    throw invalid(resource, "file", "invalid", `The file's annotations cannot be stored: ${where}${issue.message}`);
  }
  return parsed.data;
}

export async function importIntoAnnotation(
  db: Db,
  caller: Principal,
  id: number,
  file: UploadedFile | undefined,
  ifMatch: string[] | "*" | null,
) {
  const fragments = await readInterchange(file, "Annotation");
  // Finished work takes no import: it is reopened (doneFull cleared) first.
  const { annotation } = await getAnnotation(db, caller, id);
  if (annotation.doneFull)
    throw new ApiError("conflict", "This annotation is marked done (doneFull): reopen it before importing into it");
  return updateAnnotation(db, caller, id, { fragments }, ifMatch);
}

export async function importIntoReference(
  db: Db,
  caller: Principal,
  path: ReferencePath,
  file: UploadedFile | undefined,
  ifMatch: string[] | "*" | null,
) {
  const fragments = await readInterchange(file, "ReferenceAnnotation");
  return putReference(db, caller, path, fragments, ifMatch);
}
