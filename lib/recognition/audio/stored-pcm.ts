import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Db } from "@/lib/db/client";
import type { Storage } from "@/lib/storage/storage";
import type { Pcm } from "../engines/types";
import { decodePcmFile } from "./decode-pcm";

// A stored audio file (a recording, a challenge's reference audio) as engines take it: its
// normalised Ogg Opus copy, fetched from storage into a temp directory and decoded.

/** The stored audio file's PCM, or null when the file or its normalised copy is gone. */
export async function storedPcm(db: Db, storage: Storage, audioFilePk: string | null): Promise<Pcm | null> {
  const original = audioFilePk ? await db.storedFile.findUnique({ where: { pk: audioFilePk } }) : null;
  const normalised = original?.normalisedPk
    ? await db.storedFile.findUnique({ where: { pk: original.normalisedPk } })
    : null;
  if (!normalised) return null;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "stored-pcm-"));
  try {
    const file = path.join(dir, "audio.ogg");
    await storage.download(normalised.storageKey, file);
    return await decodePcmFile(file);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
