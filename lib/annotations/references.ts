import { ApiError, forbidden, notFound } from "@/lib/api/errors";
import type { Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { isUniqueViolation, ns } from "@/lib/db/ids";
import { policyRules } from "@/lib/policies/registry";
import { annotationShape, checkFragments, type Editor, fromInput, parseStored, sortFragments } from "./fragments";
import { schemeOf } from "./label-schemes";
import { describeRecordings, type RecordingInfo } from "./recording-refs";
import { type FragmentInput, REFERENCE_RESOURCE } from "./schemas";
import { etagOf, ifMatches, staleVersion } from "./versions";

// The reference annotation of a speech recording (usually from forced alignment): one per
// recording, replaced with PUT. Read by whoever sees the recording (its administrators and
// teachers, its owner, the annotators it is assigned to); written by administrators (a
// top-level admin impersonates the tenant or organisation) and by its full annotators.

export type ReferencePath = { organisation: string; challenge: string; recording: string };
type Access = { recordingPk: string; info: RecordingInfo; editor: Editor | null };

async function reach(db: Db, caller: Principal, path: ReferencePath): Promise<Access> {
  if (!caller.tenant)
    throw forbidden("Reference annotations are reached through a tenant: impersonate the tenant or organisation first");
  const org = await db.organisation.findUnique({
    where: { tenantPk_id: { tenantPk: caller.tenant.pk, id: path.organisation } },
    select: { pk: true },
  });
  const recording = org
    ? await db.speechRecording.findFirst({
        where: { ns: ns.organisation(org.pk), id: path.recording, challenge: { id: path.challenge } },
        select: { pk: true, userPk: true },
      })
    : null;
  if (!org || !recording) throw notFound("Speech recording");
  const access = await policyRules.reference.update(db, caller, recording.pk);
  if (!access) throw notFound("Speech recording");
  const info = (await describeRecordings(db, [recording.pk])).get(recording.pk)!;
  return { recordingPk: recording.pk, info, editor: access.editor };
}

type ReferenceRow = { fragments: string; version: number; created: Date; updated: Date };

function toReference(row: ReferenceRow, info: RecordingInfo, recordingId: string) {
  const annotation = annotationShape({ id: null, doneBase: null, doneFull: null, assignment: null }, row, info);
  return { annotation, etag: etagOf("reference", recordingId, row.version), organisationPk: info.organisationPk };
}

export async function getReference(db: Db, caller: Principal, path: ReferencePath) {
  const access = await reach(db, caller, path);
  const row = await db.referenceAnnotation.findUnique({ where: { recordingPk: access.recordingPk } });
  if (!row) throw notFound("Reference annotation (none has been saved for this recording yet)");
  return toReference(row, access.info, path.recording);
}

/** Attempts at a save without If-Match that keeps meeting concurrent saves. */
const SAVE_ATTEMPTS = 5;

/**
 * Creates or replaces the reference annotation. As for annotations, a stale If-Match is a 409
 * with the current state, and a save without If-Match is a plain replacement that retries when
 * a concurrent save lands first (it never fails for having lost a race).
 */
export async function putReference(
  db: Db,
  caller: Principal,
  path: ReferencePath,
  input: FragmentInput[],
  ifMatch: string[] | "*" | null,
) {
  const access = await reach(db, caller, path);
  if (!access.editor)
    throw forbidden("Reference annotations are written by administrators and the recording's full annotators");
  const fragments = fromInput(input);
  const scheme = await schemeOf(db, access.info.organisationPk);
  const text = JSON.stringify(sortFragments(fragments));
  for (let attempt = 1; ; attempt++) {
    const current = await db.referenceAnnotation.findUnique({ where: { recordingPk: access.recordingPk } });
    if (current) {
      const now = toReference(current, access.info, path.recording);
      if (!ifMatches(ifMatch, now.etag)) throw staleVersion(now.annotation, now.etag);
    } else if (ifMatch !== null && ifMatch !== "*") {
      throw new ApiError(
        "conflict",
        "There is no reference annotation to match If-Match against yet: send it without If-Match",
      );
    }
    checkFragments(fragments, {
      layers: scheme.layers,
      durationMs: access.info.durationMs,
      editor: access.editor,
      previous: current ? parseStored(current.fragments) : [],
      field: "annotations",
      resource: REFERENCE_RESOURCE,
    });
    const saved = await saveReference(db, access.recordingPk, current?.version ?? null, text);
    if (saved) return toReference(saved, access.info, path.recording);
    if (ifMatch !== null && ifMatch !== "*") {
      const latest = await db.referenceAnnotation.findUnique({ where: { recordingPk: access.recordingPk } });
      if (latest) {
        const now = toReference(latest, access.info, path.recording);
        throw staleVersion(now.annotation, now.etag);
      }
    }
    if (attempt >= SAVE_ATTEMPTS)
      throw new ApiError("conflict", "The reference annotation keeps changing under this update; try again");
  }
}

/**
 * Creates (version null) or updates the row if it is still at `version`, and reads it back in
 * the same transaction (so the result is this save's); null when a concurrent save came first.
 */
async function saveReference(
  db: Db,
  recordingPk: string,
  version: number | null,
  fragments: string,
): Promise<ReferenceRow | null> {
  try {
    return await db.$transaction(async (tx) => {
      if (version === null) return tx.referenceAnnotation.create({ data: { recordingPk, fragments } });
      const done = await tx.referenceAnnotation.updateMany({
        where: { recordingPk, version },
        // Saved by a person from now on (a forced alignment's engine name no longer applies).
        data: { fragments, version: version + 1, engine: null },
      });
      return done.count === 1 ? tx.referenceAnnotation.findUnique({ where: { recordingPk } }) : null;
    });
  } catch (error) {
    if (version === null && isUniqueViolation(error)) return null;
    throw error;
  }
}
