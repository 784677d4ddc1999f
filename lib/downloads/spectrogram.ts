import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { invalid, notFound } from "@/lib/api/errors";
import { log } from "@/lib/api/log";
import { decodeOpusWindow } from "@/lib/audio/opus-window";
import {
  encodeSpectrogramTile,
  SPECTROGRAM,
  SPECTROGRAM_CONTENT_TYPE,
  SPECTROGRAM_VERSION,
  spectrogramTileCount,
} from "@/lib/audio/spectrogram-format";
import { spectrogramTileData } from "@/lib/audio/spectrogram-tile";
import type { Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { policyRules } from "@/lib/policies/registry";
import { derivedKey } from "@/lib/storage/derived";
import type { Storage } from "@/lib/storage/storage";
import { madeOnce } from "./made-once";
import type { ServableFile } from "./serve";

// Spectrogram tiles of a stored recording's normalised audio (lib/audio/spectrogram-format.ts),
// made on the first request for each tile and kept in storage next to the audio (a derived key,
// lib/storage/derived.ts), so every later request, on any instance, is a plain stored-file read.
// Who may read them is who may download the audio (the "file" policy). A tile is a pure function
// of the audio and the format version (made-once.ts: made once per process at a time).

type Source = { storageKey: string; size: bigint; sha256: string; durationMs: number };

/** The stored tile `tile` of the file `filePk`'s normalised audio, made now if it is missing. */
export async function spectrogramTile(
  db: Db,
  storage: Storage,
  caller: Principal,
  filePk: string,
  tile: number,
  version = SPECTROGRAM_VERSION,
): Promise<ServableFile> {
  const file = await policyRules.file.download(db, caller, filePk);
  const source = file.normalisedPk ? await db.storedFile.findUnique({ where: { pk: file.normalisedPk } }) : file;
  if (source?.format !== "ogg-opus" || source.durationMs === null) throw notFound("Spectrogram");
  if (version !== SPECTROGRAM_VERSION)
    throw invalid(
      "Spectrogram",
      "v",
      "invalid",
      `this server makes tiles of format version ${SPECTROGRAM_VERSION} only`,
    );
  const count = spectrogramTileCount(source.durationMs);
  if (tile >= count)
    throw invalid(
      "Spectrogram",
      "tile",
      "invalid",
      `tile must be below ${count} (the recording has ${count} tiles of ${SPECTROGRAM.tileMs / 1000} s)`,
    );
  const key = derivedKey(source.storageKey, `spectrogram-v${SPECTROGRAM_VERSION}-${tile}`);
  let stat = await storage.stat(key);
  if (!stat) {
    await madeOnce(key, () => makeTile(storage, { ...source, durationMs: source.durationMs! }, tile, key));
    stat = await storage.stat(key);
    if (!stat) throw new Error(`spectrogram tile ${key} was not stored`);
  }
  // Strong and stable: the same audio and format version always give the same bytes.
  const etag = createHash("sha256")
    .update(`${source.sha256}:spectrogram-v${SPECTROGRAM_VERSION}:${tile}`)
    .digest("hex");
  return {
    storageKey: key,
    contentType: SPECTROGRAM_CONTENT_TYPE,
    size: BigInt(stat.size),
    sha256: etag,
    created: stat.modified,
  };
}

async function makeTile(storage: Storage, source: Source, tile: number, key: string): Promise<void> {
  const began = performance.now();
  const fromSec = (tile * SPECTROGRAM.tileMs) / 1000;
  const toSec = Math.min(source.durationMs / 1000, fromSec + SPECTROGRAM.tileMs / 1000);
  // 20 ms either side: half an FFT window (16 ms) around the first and last columns.
  const audio = await decodeOpusWindow(
    { size: Number(source.size), read: (start, end) => readRange(storage, source.storageKey, start, end) },
    Math.max(0, fromSec - 0.02),
    toSec + 0.02,
  );
  const decoded = performance.now();
  const { columns, data } = spectrogramTileData(tile, source.durationMs, audio.samples, audio.fromSec);
  const bytes = encodeSpectrogramTile(tile, columns, data);
  await storage.putStream(
    key,
    Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]),
    SPECTROGRAM_CONTENT_TYPE,
  );
  log("info", "spectrogram.tile_made", {
    key,
    decodeMs: Math.round(decoded - began),
    totalMs: Math.round(performance.now() - began),
  });
}

async function readRange(storage: Storage, key: string, start: number, end: number): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.read(key, { start, end: end - 1 })) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
