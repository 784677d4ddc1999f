import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Db } from "@/lib/db/client";
import type { Storage } from "@/lib/storage/storage";
import type { Pcm } from "../engines/types";
import { decodePcmFile } from "./decode-pcm";

// A stored audio file (a recording, a challenge's reference audio) as engines take it: its
// normalised Ogg Opus copy, fetched from storage into a temp directory and decoded; or, where the
// signal itself is compared with an answer (likeness to a reference recording), the file as it was
// uploaded: the normalised copy's own coding moved the template features of a WAV recording so far
// that it came out 77 % like itself.

/** The stored audio file's PCM (`which` copy), or null when the file or that copy is gone. */
export async function storedPcm(
  db: Db,
  storage: Storage,
  audioFilePk: string | null,
  which: "normalised" | "original" = "normalised",
): Promise<Pcm | null> {
  const original = audioFilePk ? await db.storedFile.findUnique({ where: { pk: audioFilePk } }) : null;
  const chosen =
    which === "original"
      ? original
      : original?.normalisedPk
        ? await db.storedFile.findUnique({ where: { pk: original.normalisedPk } })
        : null;
  if (!chosen) return null;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "stored-pcm-"));
  try {
    const file = path.join(dir, chosen.contentType === "audio/wav" ? "audio.wav" : "audio.ogg");
    await storage.download(chosen.storageKey, file);
    return await decodePcmFile(file);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
