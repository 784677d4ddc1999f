import type { UploadedFile } from "@/lib/api/body";
import { ApiError, conflict, notFound } from "@/lib/api/errors";
import { finishPage, type PageRequest, pageArgs } from "@/lib/api/pagination";
import { type Principal, requireOrganisation } from "@/lib/auth/principal";
import type { Db, Tx } from "@/lib/db/client";
import { isUniqueViolation, newId, newPk } from "@/lib/db/ids";
import { lockRow } from "@/lib/db/locks";
import { fileUrl } from "@/lib/downloads/urls";
import { enqueue } from "@/lib/jobs/queue";
import { type AnalysedAudio, analyseAudio, createAudioRows, rowsPerAudio } from "@/lib/media/audio-upload";
import { audioFilePks, deleteFileRows } from "@/lib/media/file-rows";
import type { Where } from "@/lib/policies/reach";
import { policyRules } from "@/lib/policies/registry";
import type { Storage } from "@/lib/storage/storage";
import { removeObjects, withStoredFiles } from "@/lib/storage/stored-files";
import type { CreateChoiceChallenge, UpdateChoiceChallenge } from "./schemas";

// Choice challenges: sentences of which at most one may be recognised, each with
// optional audio. Creating or changing one queues its preparation (preparation.ts);
// until that succeeds the challenge is `preparing` and takes no recognitions.

export const PREPARE_CHOICE_CHALLENGE = "prepare-choice-challenge";

const withChoices = { choices: { orderBy: { position: "asc" } } } as const;
export type ChoiceChallengeRow = NonNullable<Awaited<ReturnType<typeof findChallenge>>>;
type Row = ChoiceChallengeRow;

function findChallenge(db: Db | Tx, scope: Where, id: string) {
  return db.choiceChallenge.findFirst({ where: { AND: [scope, { id }] }, include: withChoices });
}

export function toChoiceChallenge(row: Row) {
  return { ...row, choices: row.choices.map((c) => ({ choice: c.text, audioUrl: fileUrl(c.audioFilePk) })) };
}

export async function choiceChallengeInScope(db: Db, caller: Principal, id: string): Promise<Row> {
  const row = await findChallenge(db, policyRules.challenge.read(caller), id);
  if (!row) throw notFound("Choice challenge");
  return row;
}

const taken = (id: string) =>
  conflict(`Choice challenge ${id} already exists`, [
    { resource: "ChoiceChallenge", field: "id", code: "already_exists" },
  ]);

export async function createChoiceChallenge(
  db: Db,
  storage: Storage,
  caller: Principal,
  input: CreateChoiceChallenge,
  audio: UploadedFile[],
) {
  requireOrganisation(caller);
  if (audio.length > input.choices.length) {
    throw new ApiError("validation", "There are more audio parts than choices", [
      {
        resource: "ChoiceChallenge",
        field: "audio",
        code: "invalid",
        message: "at most one audio part per choice, matched by index",
      },
    ]);
  }
  const id = input.id ?? newId();
  if (input.id && (await findChallenge(db, policyRules.challenge.read(caller), id))) throw taken(id);
  const analysed: AnalysedAudio[] = [];
  for (const upload of audio) analysed.push(await analyseAudio(upload, "ChoiceChallenge"));
  const pk = newPk();
  try {
    await withStoredFiles(
      db,
      storage,
      analysed.flatMap((a) => a.files(caller.ns)),
      async (tx, rows) => {
        const audioPks: string[] = [];
        for (const files of rowsPerAudio(analysed, rows)) audioPks.push(await createAudioRows(tx, files));
        await tx.choiceChallenge.create({
          data: {
            pk,
            ns: caller.ns,
            id,
            question: input.question || null,
            language: input.language,
            status: "preparing",
            choices: {
              create: input.choices.map((text, position) => ({
                pk: newPk(),
                position,
                text,
                audioFilePk: audioPks[position] ?? null,
              })),
            },
          },
        });
        await enqueue(tx, PREPARE_CHOICE_CHALLENGE, pk);
      },
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw taken(id);
    throw error;
  }
  return toChoiceChallenge((await findChallenge(db, policyRules.challenge.read(caller), id))!);
}

export async function listChoiceChallenges(db: Db, caller: Principal, page: PageRequest) {
  const args = pageArgs("created", "asc", page);
  const rows = await db.choiceChallenge.findMany({
    ...args,
    where: { AND: [policyRules.challenge.list(caller), args.where] },
    include: withChoices,
  });
  const result = finishPage(rows, page, (r) => r.created);
  return { items: result.items.map(toChoiceChallenge), nextCursor: result.nextCursor };
}

/**
 * Incremental update; the challenge goes back to `preparing` and is prepared again.
 * New choices keep the audio of an unchanged choice with the same text. Ours: multipart
 * `audio` parts, each with an `audioChoice` naming its choice by text, give a choice new
 * audio (a newly added one, or replacing what it had); stored with the rows, all or nothing.
 */
export async function updateChoiceChallenge(
  db: Db,
  storage: Storage,
  caller: Principal,
  id: string,
  input: UpdateChoiceChallenge,
  audio: UploadedFile[] = [],
) {
  const found = await choiceChallengeInScope(db, caller, id);
  const audioChoice = input.audioChoice ?? [];
  const audioError = (message: string) =>
    new ApiError("validation", message, [
      {
        resource: "ChoiceChallenge",
        field: "audioChoice",
        code: "invalid",
        message: "one audioChoice per audio part, naming one of the choices",
      },
    ]);
  if (audioChoice.length !== audio.length) throw audioError("Each audio part needs an audioChoice naming its choice");
  if (new Set(audioChoice).size !== audioChoice.length) throw audioError("Two audio parts name the same choice");
  const texts = input.choices ?? found.choices.map((c) => c.text);
  const missing = audioChoice.filter((text) => !texts.includes(text));
  if (missing.length) throw audioError(`audioChoice names no choice of the challenge: ${missing.join(", ")}`);
  const analysed: AnalysedAudio[] = [];
  for (const upload of audio) analysed.push(await analyseAudio(upload, "ChoiceChallenge"));
  const dropped: string[] = [];
  await withStoredFiles(
    db,
    storage,
    analysed.flatMap((a) => a.files(caller.ns)),
    async (tx, rows) => {
      // Locked and read again inside the transaction: concurrent updates apply one after the other.
      await lockRow(tx, "ChoiceChallenge", found.pk, "update");
      const current = await findChallenge(tx, policyRules.challenge.update(caller), id);
      if (!current) throw notFound("Choice challenge");
      if (input.choices || analysed.length) {
        const nextTexts = input.choices ?? current.choices.map((c) => c.text);
        if (audioChoice.some((text) => !nextTexts.includes(text)))
          throw audioError("audioChoice names no choice of the challenge");
        const added = new Map<string, string>();
        for (const [i, files] of rowsPerAudio(analysed, rows).entries())
          added.set(audioChoice[i]!, await createAudioRows(tx, files));
        const audioByText = new Map(current.choices.filter((c) => c.audioFilePk).map((c) => [c.text, c.audioFilePk!]));
        const kept = new Set<string>();
        const next = nextTexts.map((text, position) => {
          const fresh = added.get(text);
          if (fresh) {
            added.delete(text);
            return { pk: newPk(), challengePk: current.pk, position, text, audioFilePk: fresh };
          }
          const old = audioByText.get(text);
          const audioFilePk = old && !kept.has(old) ? old : null;
          if (audioFilePk) kept.add(audioFilePk);
          return { pk: newPk(), challengePk: current.pk, position, text, audioFilePk };
        });
        await tx.choice.deleteMany({ where: { challengePk: current.pk } });
        await tx.choice.createMany({ data: next });
        const orphaned = current.choices.map((c) => c.audioFilePk).filter((pk): pk is string => !!pk && !kept.has(pk));
        dropped.push(...(await deleteFileRows(tx, await audioFilePks(tx, orphaned))));
      }
      await tx.choiceChallenge.update({
        where: { pk: current.pk },
        data: {
          ...(input.question !== undefined ? { question: input.question || null } : {}),
          ...(input.language ? { language: input.language } : {}),
          status: "preparing",
          statusReason: null,
        },
      });
      await enqueue(tx, PREPARE_CHOICE_CHALLENGE, current.pk);
    },
  );
  await removeObjects(storage, dropped);
  return toChoiceChallenge((await findChallenge(db, policyRules.challenge.read(caller), id))!);
}

export async function deleteChoiceChallenge(db: Db, storage: Storage, caller: Principal, id: string) {
  const found = await choiceChallengeInScope(db, caller, id);
  const keys = await db.$transaction(async (tx) => {
    await lockRow(tx, "ChoiceChallenge", found.pk, "update");
    const current = await findChallenge(tx, policyRules.challenge.update(caller), id);
    if (!current) throw notFound("Choice challenge");
    const recognitions = await tx.choiceRecognition.findMany({
      where: { challengePk: current.pk },
      select: { audioFilePk: true },
    });
    const originals = [
      ...current.choices.map((c) => c.audioFilePk),
      ...recognitions.map((r) => r.audioFilePk),
      current.grammarFilePk,
    ];
    const files = await audioFilePks(
      tx,
      originals.filter((pk): pk is string => !!pk),
    );
    await tx.choiceChallenge.delete({ where: { pk: current.pk } });
    await tx.job.updateMany({
      where: { targetPk: current.pk, status: "queued" },
      data: { status: "done", lastError: "challenge deleted" },
    });
    return deleteFileRows(tx, files);
  });
  await removeObjects(storage, keys);
}

export async function preparationOf(db: Db, caller: Principal, id: string) {
  const challenge = await choiceChallengeInScope(db, caller, id);
  const job = await db.job.findFirst({
    where: { targetPk: challenge.pk, kind: PREPARE_CHOICE_CHALLENGE },
    orderBy: { created: "desc" },
  });
  return {
    status: challenge.status,
    reason: challenge.statusReason,
    grammarUrl: fileUrl(challenge.grammarFilePk),
    attempts: job?.attempts ?? 0,
  };
}
