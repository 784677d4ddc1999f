import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type JobHandler, PermanentJobError } from "@/lib/jobs/queue";
import { deleteFileRows } from "@/lib/media/file-rows";
import { prepareChoiceModel } from "@/lib/recognition/choice/prepare-choice-model";
import { GrammarError, type RecognitionBackend } from "@/lib/recognition/recogniser";
import type { Storage } from "@/lib/storage/storage";
import { removeObjects, withStoredFiles } from "@/lib/storage/stored-files";

// Preparing a choice challenge: check that every choice's audio is stored and
// normalised, then build the recognition grammar and store it. Success makes the
// challenge `prepared`; failure `unprepared`, with the reason kept for admins.
// A challenge changed while it was being prepared is left to the job queued by
// that change (the result here would describe the old choices). On shutdown the job stops
// between steps (its signal) and commits nothing; the challenge's compare-and-set makes a
// second run after a hand-over harmless.

export function choicePreparation(storage: Storage, backend: RecognitionBackend): JobHandler {
  return {
    maxAttempts: 3,
    run: async (db, challengePk, signal) => {
      const challenge = await db.choiceChallenge.findUnique({
        where: { pk: challengePk },
        include: { choices: { orderBy: { position: "asc" } } },
      });
      if (challenge?.status !== "preparing") return;
      const seen = challenge.updated;

      for (const choice of challenge.choices) {
        signal.throwIfAborted();
        if (!choice.audioFilePk) continue;
        const original = await db.storedFile.findUnique({ where: { pk: choice.audioFilePk } });
        const normalised = original?.normalisedPk
          ? await db.storedFile.findUnique({ where: { pk: original.normalisedPk } })
          : null;
        if (!original || !normalised)
          throw new PermanentJobError(`the audio of choice ${choice.position + 1} has no normalised segment`);
        if (!(await storage.stat(normalised.storageKey)))
          throw new Error(`the audio of choice ${choice.position + 1} is missing from storage`);
      }

      let grammar;
      try {
        grammar = await backend.prepareChoiceGrammar({
          language: challenge.language,
          choices: challenge.choices.map((c) => c.text),
        });
      } catch (error) {
        if (error instanceof GrammarError) throw new PermanentJobError(error.message);
        throw error;
      }

      signal.throwIfAborted();
      const model = await prepareChoiceModel(db, storage, grammar, challenge.choices, signal);
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), "grammar-"));
      const file = path.join(dir, "grammar.json");
      await fs.writeFile(file, JSON.stringify(model));
      let dropped: string[] = [];
      try {
        await withStoredFiles(
          db,
          storage,
          [{ sourcePath: file, ns: challenge.ns, kind: "grammar", contentType: "application/json" }],
          async (tx, [row]) => {
            signal.throwIfAborted();
            const claimed = await tx.choiceChallenge.updateMany({
              where: { pk: challengePk, status: "preparing", updated: seen },
              data: {
                status: "prepared",
                statusReason: null,
                grammarFilePk: row.pk,
                engine: model.recogniser.engine,
                engineNote: model.recogniser.reason,
              },
            });
            if (claimed.count !== 1) throw new SupersededError();
            await tx.storedFile.create({ data: row });
            if (challenge.grammarFilePk) dropped = await deleteFileRows(tx, [challenge.grammarFilePk]);
          },
        );
      } catch (error) {
        if (!(error instanceof SupersededError)) throw error;
      } finally {
        await fs.rm(dir, { recursive: true, force: true });
      }
      await removeObjects(storage, dropped);
    },
    onFailure: async (db, challengePk, reason) => {
      // A change queued meanwhile gets its own preparation; this failure is about the old version.
      if (await db.job.count({ where: { targetPk: challengePk, status: "queued" } })) return;
      await db.choiceChallenge.updateMany({
        where: { pk: challengePk, status: "preparing" },
        data: { status: "unprepared", statusReason: reason },
      });
    },
  };
}

class SupersededError extends Error {}
