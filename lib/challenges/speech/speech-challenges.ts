import { notFound } from "@/lib/api/errors";
import { finishPage, type PageRequest, pageArgs } from "@/lib/api/pagination";
import type { Principal } from "@/lib/auth/principal";
import type { Db, Tx } from "@/lib/db/client";
import { lockRow } from "@/lib/db/locks";
import { fileUrl } from "@/lib/downloads/urls";
import { policyRules } from "@/lib/policies/registry";
import { readingStopOf } from "@/lib/reading/count-reading";

// Speech challenges live in an organisation (the caller's namespace) and are only seen from
// it. A challenge has a language and, optionally, a topic, a reference recording (stored as
// the original, its normalised segment and its peaks), a SubRip transcription, an image and
// client-specific metadata (kept verbatim). Every write is all-or-nothing: files are stored
// before the transaction and removed again if it fails; replaced or deleted files lose their
// rows in the transaction and their objects after it commits. One operation per file beside this
// one (create-, update-, delete-speech-challenge.ts, the files of a write in challenge-files.ts);
// here the reads every operation shares.

type ChallengeRow = NonNullable<Awaited<ReturnType<Db["speechChallenge"]["findUnique"]>>>;

/** The response shape's source. */
export function toSpeechChallenge(row: ChallengeRow) {
  return {
    ...row,
    referenceAudioUrl: fileUrl(row.referenceAudioFilePk),
    srtUrl: fileUrl(row.srtFilePk),
    imageUrl: fileUrl(row.imageFilePk),
    sentences: passageSentences(row.passage),
    readingStop: readingStopOf(row.readingStop),
  };
}

/** The stored passage's sentences (a JSON array of strings), or null. */
export function passageSentences(passage: string | null): string[] | null {
  if (!passage) return null;
  const list: unknown = JSON.parse(passage);
  return Array.isArray(list) ? list.filter((s): s is string => typeof s === "string") : null;
}

/** A speech challenge of the caller's organisation, else 404. */
export async function speechChallengeInScope(db: Db, caller: Principal, id: string): Promise<ChallengeRow> {
  const row = await db.speechChallenge.findFirst({ where: { AND: [policyRules.challenge.read(caller), { id }] } });
  if (!row) throw notFound("Speech challenge");
  return row;
}

/**
 * Locks the challenge row for the rest of the transaction (see lib/db/locks.ts): "update"
 * (replacing or deleting its files) holds off everything; "share" (adding a recording) only "update".
 */
export const lockSpeechChallenge = (tx: Tx, pk: string, mode: "update" | "share") =>
  lockRow(tx, "SpeechChallenge", pk, mode);

export async function listSpeechChallenges(db: Db, caller: Principal, page: PageRequest) {
  const args = pageArgs("created", "asc", page);
  const rows = await db.speechChallenge.findMany({
    ...args,
    where: { AND: [policyRules.challenge.list(caller), args.where] },
  });
  const result = finishPage(rows, page, (r) => r.created);
  return { items: result.items.map(toSpeechChallenge), nextCursor: result.nextCursor };
}

export async function getSpeechChallenge(db: Db, caller: Principal, id: string) {
  return toSpeechChallenge(await speechChallengeInScope(db, caller, id));
}
