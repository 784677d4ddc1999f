import path from "node:path";
import { forbidden, notFound } from "@/lib/api/errors";
import { type Principal, requireOrganisation } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { isUniqueViolation, newId } from "@/lib/db/ids";
import { insertRecording } from "@/lib/recordings/insert-recording";
import { getRecording } from "@/lib/recordings/recordings";
import type { Storage } from "@/lib/storage/storage";
import { type StoredFileInput, withStoredFiles } from "@/lib/storage/stored-files";
import { inTempDir } from "@/lib/storage/temp-dirs";
import { mayCorrect } from "./correct-word";

// POST /feedback/:id/recording (ours): a reading attempt becomes a speech recording of its student
// in its speech challenge, so that it can be annotated (annotations belong to recordings). The
// audio files are copied, not shared: deleting a recording deletes its files. One recording per
// feedback (a unique link); asking again answers the same one.

export type RecordedAttempt = {
  created: boolean;
  challengeId: string;
  recording: Awaited<ReturnType<typeof getRecording>>;
};

export async function recordAttempt(
  db: Db,
  storage: Storage,
  caller: Principal,
  feedbackId: string,
): Promise<RecordedAttempt> {
  requireOrganisation(caller);
  const feedback = await db.feedback.findUnique({
    where: { ns_id: { ns: caller.ns, id: feedbackId } },
    select: { pk: true, ns: true, userPk: true, challengePk: true, audioFilePk: true },
  });
  if (!feedback) throw notFound("Feedback");
  // The same audiences and answers as correcting (correct-word.ts): the student and others of the
  // organisation get 403, other organisations never find it.
  if (!(await mayCorrect(db, caller, feedback.pk)))
    throw forbidden("Only the student's teachers and administrators may prepare an attempt for annotation");

  const existing = await existingRecording(db, caller, feedback.pk);
  if (existing) return { created: false, ...existing };

  const challenge = await db.speechChallenge.findUnique({
    where: { pk: feedback.challengePk },
    select: { pk: true, id: true, srtFilePk: true },
  });
  if (!challenge) throw notFound("Speech challenge");
  const original = await db.storedFile.findUnique({ where: { pk: feedback.audioFilePk } });
  if (!original) throw notFound("Feedback audio");
  // An original that is its own normalised segment (createAudioRows) is not read again.
  const derived = await db.storedFile.findMany({
    where: {
      pk: { in: [original.normalisedPk, original.peaksPk].filter((pk): pk is string => !!pk && pk !== original.pk) },
    },
  });
  const normalised =
    original.normalisedPk === original.pk ? original : derived.find((f) => f.pk === original.normalisedPk);
  // An original kept as uploaded may have no peaks file (they are made when asked for), nor then its copy.
  const peaks = derived.find((f) => f.pk === original.peaksPk) ?? null;
  if (!normalised || (!peaks && normalised !== original)) throw notFound("Feedback audio");

  try {
    return await inTempDir("attempt-", async (dir) => {
      const copies: StoredFileInput[] = [];
      // ... and is copied once.
      const files = [original, ...(normalised === original ? [] : [normalised]), ...(peaks ? [peaks] : [])];
      for (const [index, file] of files.entries()) {
        const sourcePath = path.join(dir, String(index));
        await storage.download(file.storageKey, sourcePath);
        copies.push({
          sourcePath,
          ns: feedback.ns,
          kind: file.kind,
          contentType: file.contentType,
          sha256: file.sha256,
          size: file.size,
          audio:
            file.format && file.sampleRate && file.channels && file.durationMs !== null
              ? {
                  format: file.format,
                  sampleRate: file.sampleRate,
                  channels: file.channels,
                  durationMs: file.durationMs,
                }
              : undefined,
        });
      }
      const durationMs = Math.round(normalised.durationMs ?? original.durationMs ?? 0);
      const id = await withStoredFiles(
        db,
        storage,
        copies,
        async (tx, rows) => {
          const { recording } = await insertRecording(tx, rows, {
            ns: feedback.ns,
            resultSetId: newId(),
            userPk: feedback.userPk,
            challenge,
            durationMs,
            sourceFeedbackPk: feedback.pk,
          });
          return recording.id;
        },
        { maxWait: 30_000, timeout: 30_000 },
      );
      return { created: true, challengeId: challenge.id, recording: await getRecording(db, caller, challenge.id, id) };
    });
  } catch (error) {
    // A concurrent request made it first: answer that one (this one's files are removed already).
    if (isUniqueViolation(error)) {
      const made = await existingRecording(db, caller, feedback.pk);
      if (made) return { created: false, ...made };
    }
    throw error;
  }
}

async function existingRecording(db: Db, caller: Principal, feedbackPk: string) {
  const row = await db.speechRecording.findUnique({
    where: { sourceFeedbackPk: feedbackPk },
    select: { id: true, challenge: { select: { id: true } } },
  });
  if (!row) return null;
  return { challengeId: row.challenge.id, recording: await getRecording(db, caller, row.challenge.id, row.id) };
}
