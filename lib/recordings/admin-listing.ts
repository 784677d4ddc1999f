import { z } from "zod";
import { finishPage, pageArgs, pageQuery } from "@/lib/api/pagination";
import { timestamps } from "@/lib/api/schemas";
import type { Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { fileUrl } from "@/lib/downloads/urls";
import { policyRules } from "@/lib/policies/registry";
import { combinedAudioUrl } from "./result-sets";
import { RECORDING_RESOURCE } from "./schemas";

// GET /recordings (service-interface.md "Recording in the admin listing", 5.2): the speech
// recordings the caller sees under the "recording" policy (lib/policies/table.ts), oldest
// first, paginated with the shared keyset helper: administrators those of their reach (a
// top-level admin all, a tenant its organisations', an organisation its own), teachers their
// organisation's, annotators those assigned to them, anyone else their own.
// One query per page (its relations are loaded by Prisma in batched queries) plus two batched
// lookups (organisations, feedback ids, audio durations): never a query per row. `count=true` answers
// `{ count }` from one COUNT query with the same filter.
//
// resultSet.combinedFeedback (documented choice; the contract says only "list"): the ids of
// the feedback results in that result set, oldest first.

export const ADMIN_LISTING_RESOURCE = RECORDING_RESOURCE;

const boolFromQuery = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0", ""])])
  .transform((v) => v === true || v === "true" || v === "1");

export const adminListingQuery = z.object({
  /** The count form. The contract documents the default as true, but the plain request returns the list: so does ours. */
  count: boolFromQuery.optional(),
  ...pageQuery,
});
export type AdminListingQuery = z.infer<typeof adminListingQuery>;

export const adminRecordingSchema = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  audioUrl: z.string().nullable(),
  /** Ours: the recording's length in seconds (of the uploaded audio), for pickers that show it. */
  duration: z.number().nullable(),
  ...timestamps,
  challenge: z.object({
    id: z.string(),
    organisationId: z.string().nullable(),
    language: z.string(),
    srtUrl: z.string().nullable(),
  }),
  resultSet: z.object({ id: z.string(), combinedFeedback: z.array(z.string()), combinedAudioUrl: z.string() }),
});
export const adminCountSchema = z.object({ count: z.number().int() });

export async function countAdminRecordings(db: Db, caller: Principal): Promise<{ count: number }> {
  return { count: await db.speechRecording.count({ where: await policyRules.recording.list(db, caller) }) };
}

export async function listAdminRecordings(db: Db, caller: Principal, query: AdminListingQuery) {
  const args = pageArgs("created", "asc", query);
  const rows = await db.speechRecording.findMany({
    ...args,
    where: { AND: [await policyRules.recording.list(db, caller), args.where] },
    include: {
      user: { select: { id: true } },
      resultSet: { select: { id: true } },
      challenge: { select: { id: true, ns: true, language: true, srtFilePk: true } },
    },
  });
  const page = finishPage(rows, query, (r) => r.created);
  const items = page.items;
  const orgPks = [
    ...new Set(
      items
        .map((r) => r.challenge.ns)
        .filter((ns) => ns.startsWith("o:"))
        .map((ns) => ns.slice(2)),
    ),
  ];
  const setPks = [...new Set(items.map((r) => r.resultSetPk))];
  const audioPks = items.map((r) => r.audioFilePk);
  const [orgs, feedback, audio] = await Promise.all([
    orgPks.length ? db.organisation.findMany({ where: { pk: { in: orgPks } }, select: { pk: true, id: true } }) : [],
    setPks.length
      ? db.feedback.findMany({
          where: { resultSetPk: { in: setPks } },
          select: { id: true, resultSetPk: true },
          orderBy: [{ created: "asc" }, { pk: "asc" }],
        })
      : [],
    audioPks.length
      ? db.storedFile.findMany({ where: { pk: { in: audioPks } }, select: { pk: true, durationMs: true } })
      : [],
  ]);
  const durations = new Map(audio.map((f) => [f.pk, f.durationMs]));
  const orgIds = new Map(orgs.map((o) => [o.pk, o.id]));
  const feedbackIds = new Map<string, string[]>();
  for (const f of feedback) feedbackIds.set(f.resultSetPk, [...(feedbackIds.get(f.resultSetPk) ?? []), f.id]);
  return {
    items: items.map((r) => ({
      id: r.id,
      userId: r.user.id,
      audioUrl: fileUrl(r.audioFilePk),
      duration: durations.get(r.audioFilePk) == null ? null : durations.get(r.audioFilePk)! / 1000,
      created: r.created,
      updated: r.updated,
      challenge: {
        id: r.challenge.id,
        organisationId: orgIds.get(r.challenge.ns.slice(2)) ?? null,
        language: r.challenge.language,
        srtUrl: fileUrl(r.challenge.srtFilePk),
      },
      resultSet: {
        id: r.resultSet.id,
        combinedFeedback: feedbackIds.get(r.resultSetPk) ?? [],
        combinedAudioUrl: combinedAudioUrl(r.resultSet.id),
      },
    })),
    nextCursor: page.nextCursor,
  };
}
