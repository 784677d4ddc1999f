import { z } from "zod";
import { forbidden, notFound } from "@/lib/api/errors";
import { timestamps } from "@/lib/api/schemas";
import type { Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { ns } from "@/lib/db/ids";
import { fileUrl, peaksUrl } from "@/lib/downloads/urls";
import { policyRules } from "@/lib/policies/registry";
import type { ReadingWord } from "@/lib/reading/count-reading";
import { correctionsOf, latestCorrections, wordsAsTheyStand } from "@/lib/reading/feedback-words";
import { sharedSecret } from "@/lib/settings/shared-secrets";
import { pseudonymCode, seesPseudonyms } from "@/lib/users/pseudonyms";

// What an annotator needs around one speech recording before and while annotating it: what
// the student was asked to read (the challenge's topic and its SubRip prompt), who read it,
// how long it is and its audio (so it can be listened to before an annotation exists), and for a
// recording prepared from a reading attempt, the attempt's words with their labels as corrected
// (what its annotation can be pre-filled from: whoever may annotate the recording reads them here).
// The "recording" policy (lib/policies/table.ts): whoever sees the recording. Names are for
// those who see the student's submissions anyway (administrators, teachers, the student);
// annotators get a stable pseudonym.

export const RECORDING_CONTEXT_RESOURCE = "RecordingContext";

export const recordingContextSchema = z.object({
  recording: z.object({
    id: z.string(),
    /** Seconds; null until the audio has been analysed. */
    duration: z.number().nullable(),
    audioUrl: z.string().nullable(),
    normalisedAudioUrl: z.string().nullable(),
    peaksUrl: z.string().nullable(),
    /** Ours: the reading attempt (feedback) the recording was prepared from, whose reviewed words can pre-fill an annotation; null otherwise. */
    feedbackId: z.string().nullable(),
    ...timestamps,
  }),
  challenge: z.object({
    id: z.string(),
    topic: z.string().nullable(),
    language: z.string(),
    srtUrl: z.string().nullable(),
  }),
  /** The student's name, or a pseudonym ("Student 4F2A9C") where the caller may not see names. */
  student: z.object({ name: z.string(), pseudonym: z.boolean() }),
  /** Ours: the reading attempt's words in reading order, labels as corrected, times in ms (null unless feedbackId). */
  attempt: z
    .object({
      words: z.array(
        z.object({
          expected: z.string(),
          recognized: z.string().nullable(),
          label: z.string(),
          startTiming: z.number(),
          endTiming: z.number(),
        }),
      ),
    })
    .nullable(),
});
export type RecordingContext = z.input<typeof recordingContextSchema>;

export type ContextPath = { organisation: string; challenge: string; recording: string };

/** The same pseudonym GET /users gives this caller for the student (lib/users/pseudonyms.ts). */
async function studentPseudonym(db: Db, user: { pk: string; ns: string }): Promise<string> {
  return `Student ${pseudonymCode(await sharedSecret(db, "pseudonyms"), user)}`;
}

const fullName = (u: { firstName: string; infix: string | null; lastName: string }) =>
  [u.firstName, u.infix, u.lastName].filter((p) => p?.trim()).join(" ");

export async function getRecordingContext(db: Db, caller: Principal, path: ContextPath): Promise<RecordingContext> {
  if (!caller.tenant)
    throw forbidden("Recordings are reached through a tenant: impersonate the tenant or organisation first");
  const org = await db.organisation.findUnique({
    where: { tenantPk_id: { tenantPk: caller.tenant.pk, id: path.organisation } },
    select: { pk: true },
  });
  const row = org
    ? await db.speechRecording.findFirst({
        where: { ns: ns.organisation(org.pk), id: path.recording, challenge: { id: path.challenge } },
        select: {
          pk: true,
          id: true,
          audioFilePk: true,
          created: true,
          updated: true,
          sourceFeedback: { select: { pk: true, id: true, sentences: true } },
          challenge: { select: { id: true, topic: true, language: true, srtFilePk: true } },
          user: { select: { pk: true, ns: true, firstName: true, infix: true, lastName: true } },
        },
      })
    : null;
  if (!org || !row) throw notFound("Speech recording");
  const visible = await db.speechRecording.count({
    where: { AND: [{ pk: row.pk }, await policyRules.recording.read(db, caller)] },
  });
  if (!visible) throw notFound("Speech recording");
  const file = await db.storedFile.findUnique({
    where: { pk: row.audioFilePk },
    select: { durationMs: true, peaksPk: true, normalisedPk: true },
  });
  const attempt = row.sourceFeedback ? await attemptWords(db, row.sourceFeedback) : null;
  // The rule of GET /users (lib/users/pseudonyms.ts): annotators see other people by pseudonym.
  const name = seesPseudonyms(caller) && row.user.pk !== caller.user?.pk ? "" : fullName(row.user);
  return {
    recording: {
      id: row.id,
      duration: file?.durationMs == null ? null : file.durationMs / 1000,
      audioUrl: fileUrl(row.audioFilePk),
      normalisedAudioUrl: fileUrl(file?.normalisedPk),
      peaksUrl: file ? peaksUrl(row.audioFilePk, file.peaksPk) : null,
      feedbackId: row.sourceFeedback?.id ?? null,
      created: row.created,
      updated: row.updated,
    },
    challenge: {
      id: row.challenge.id,
      topic: row.challenge.topic,
      language: row.challenge.language,
      srtUrl: fileUrl(row.challenge.srtFilePk),
    },
    student: name ? { name, pseudonym: false } : { name: await studentPseudonym(db, row.user), pseudonym: true },
    attempt: attempt && { words: attempt },
  };
}

/** A feedback's words as they stand after its corrections (the stored sentences are a JSON array). */
async function attemptWords(db: Db, feedback: { pk: string; sentences: string }): Promise<ReadingWord[]> {
  let sentences: unknown;
  try {
    sentences = JSON.parse(feedback.sentences);
  } catch {
    sentences = [];
  }
  const { byFeedback } = await correctionsOf(db, [feedback.pk]);
  return wordsAsTheyStand(
    Array.isArray(sentences) ? sentences : [],
    latestCorrections(byFeedback.get(feedback.pk) ?? []),
  );
}
