import type { Db } from "@/lib/db/client";
import { ns } from "@/lib/db/ids";
import { ApiError, forbidden, notFound } from "@/lib/api/errors";
import { isAdministrator, seesAllSubmissions, type Principal } from "@/lib/auth/principal";
import { checkFragments, fromInput, parseStored, sortFragments, toWire, type Editor } from "./fragments";
import { schemeOf } from "./label-schemes";
import { describeRecordings, type RecordingInfo } from "./recording-refs";
import { etagOf, ifMatches, staleVersion } from "./versions";
import { REFERENCE_RESOURCE, type AnnotationOut, type FragmentInput } from "./schemas";

// The reference annotation of a speech recording (usually from forced alignment): one per
// recording, replaced with PUT. Read by whoever sees the recording (its organisation's
// administrators and teachers, its owner, its tenant) and by the annotators it is assigned
// to; written by administrators (a top-level admin impersonates the tenant or organisation)
// and by the recording's full annotators.

export type ReferencePath = { organisation: string; challenge: string; recording: string };
type Access = { recordingPk: string; info: RecordingInfo; editor: Editor | null };

async function reach(db: Db, caller: Principal, path: ReferencePath): Promise<Access> {
  if (!caller.tenant) throw forbidden("Reference annotations are reached through a tenant: impersonate the tenant or organisation first");
  const org = await db.organisation.findUnique({ where: { tenantPk_id: { tenantPk: caller.tenant.pk, id: path.organisation } }, select: { pk: true } });
  const recording = org
    ? await db.speechRecording.findFirst({
        where: { ns: ns.organisation(org.pk), id: path.recording, challenge: { id: path.challenge } },
        select: { pk: true, userPk: true },
      })
    : null;
  if (!org || !recording) throw notFound("Speech recording");
  const inScope = caller.level === "tenant" || caller.organisation?.pk === org.pk;
  const admin = inScope && isAdministrator(caller);
  const viewer = admin || (inScope && (caller.level === "tenant" || seesAllSubmissions(caller) || caller.user?.pk === recording.userPk));
  const annotator = caller.user
    ? await db.assignmentRecording.findFirst({
        where: { recordingPk: recording.pk, assignment: { OR: [{ fullAnnotatorPk: caller.user.pk }, { baseAnnotatorPk: caller.user.pk }] } },
        select: { assignment: { select: { fullAnnotatorPk: true } } },
      })
    : null;
  if (!viewer && !annotator) throw notFound("Speech recording");
  const info = (await describeRecordings(db, [recording.pk])).get(recording.pk)!;
  const editor: Editor | null = admin ? "admin" : annotator?.assignment.fullAnnotatorPk === caller.user?.pk ? "full" : null;
  return { recordingPk: recording.pk, info, editor };
}

type ReferenceRow = { fragments: string; version: number; created: Date; updated: Date };

function toReference(row: ReferenceRow, info: RecordingInfo, recordingId: string) {
  const annotation = {
    id: null,
    doneBase: null,
    doneFull: null,
    recording: info.ref,
    assignment: null,
    fragments: toWire(sortFragments(parseStored(row.fragments))),
    audioUrl: info.audioUrl,
    version: row.version,
    created: row.created,
    updated: row.updated,
  } as unknown as AnnotationOut;
  return { annotation, etag: etagOf("reference", recordingId, row.version) };
}

export async function getReference(db: Db, caller: Principal, path: ReferencePath) {
  const access = await reach(db, caller, path);
  const row = await db.referenceAnnotation.findUnique({ where: { recordingPk: access.recordingPk } });
  if (!row) throw notFound("Reference annotation (none has been saved for this recording yet)");
  return toReference(row, access.info, path.recording);
}

/** Creates or replaces the reference annotation. */
export async function putReference(db: Db, caller: Principal, path: ReferencePath, input: FragmentInput[], ifMatch: string[] | "*" | null) {
  const access = await reach(db, caller, path);
  if (!access.editor) throw forbidden("Reference annotations are written by administrators and the recording's full annotators");
  const current = await db.referenceAnnotation.findUnique({ where: { recordingPk: access.recordingPk } });
  if (current) {
    const now = toReference(current, access.info, path.recording);
    if (!ifMatches(ifMatch, now.etag)) throw staleVersion(now.annotation, now.etag);
  } else if (ifMatch !== null && ifMatch !== "*") {
    throw new ApiError("conflict", "There is no reference annotation to match If-Match against yet: send it without If-Match");
  }
  const fragments = fromInput(input);
  const scheme = await schemeOf(db, access.info.organisationPk);
  checkFragments(fragments, {
    layers: scheme.layers,
    durationMs: access.info.durationMs,
    editor: access.editor,
    previous: current ? parseStored(current.fragments) : [],
    field: "annotations",
    resource: REFERENCE_RESOURCE,
  });
  const text = JSON.stringify(sortFragments(fragments));
  if (current) {
    const saved = await db.referenceAnnotation.updateMany({ where: { recordingPk: access.recordingPk, version: current.version }, data: { fragments: text, version: current.version + 1 } });
    if (saved.count === 0) {
      const latest = (await db.referenceAnnotation.findUnique({ where: { recordingPk: access.recordingPk } }))!;
      const now = toReference(latest, access.info, path.recording);
      throw staleVersion(now.annotation, now.etag);
    }
  } else {
    try {
      await db.referenceAnnotation.create({ data: { recordingPk: access.recordingPk, fragments: text } });
    } catch {
      throw new ApiError("conflict", "Someone saved a reference annotation for this recording at the same time: load it and try again");
    }
  }
  return toReference((await db.referenceAnnotation.findUnique({ where: { recordingPk: access.recordingPk } }))!, access.info, path.recording);
}

/** For exports: the reference and its organisation's layer order. */
export async function referenceForExport(db: Db, caller: Principal, path: ReferencePath) {
  const ref = await getReference(db, caller, path);
  const access = await reach(db, caller, path);
  return { ...ref, durationMs: access.info.durationMs, organisationPk: access.info.organisationPk };
}
