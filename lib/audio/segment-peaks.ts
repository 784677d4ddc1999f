// The peaks of an Ogg Opus upload kept as it was (ingest.ts keptAsItIs: never decoded at upload),
// made when they are first asked for (lib/downloads/peaks.ts): the file decoded as ingest decodes
// Ogg Opus, so they are the peaks ingest would have written.
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import { PEAKS_SAMPLE_RATE, PEAKS_SAMPLES_PER_PIXEL, type PeaksInfo } from "./ingest";
import { readOggOpus } from "./ogg-opus-source";
import { PcmSink } from "./pcm-sink";

/** Writes the peaks of the Ogg Opus file at `srcPath` to `peaksPath` (removed again on error). */
export async function writeSegmentPeaks(
  srcPath: string,
  peaksPath: string,
  peaksBits: 8 | 16 = 16,
): Promise<PeaksInfo> {
  const { size } = await fs.stat(srcPath);
  const sink = new PcmSink(
    { peaksPath, normalisedPath: "" },
    { encode: false, peaksBits },
    { sampleRate: PEAKS_SAMPLE_RATE, samplesPerPixel: PEAKS_SAMPLES_PER_PIXEL },
  );
  sink.inputRate = 16000;
  try {
    await readOggOpus(srcPath, size, createHash("sha256"), (pcm) => sink.pushInt16(pcm));
    return (await sink.finish()).peaks;
  } catch (err) {
    await sink.abort();
    await fs.rm(peaksPath, { force: true });
    throw err;
  }
}
