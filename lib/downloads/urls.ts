import { config } from "@/lib/config";

/** The absolute download URL of a stored file (every `...Url` field), or null. */
export function fileUrl(filePk: string | null | undefined): string | null {
  return filePk ? `${config().apiBaseUrl}/download/${filePk}` : null;
}

/**
 * The URL of an audio file's waveform peaks: its peaks file's, or where it has none (an Ogg Opus
 * upload kept as it was), GET /api/download/:file/peaks, which makes them (lib/downloads/peaks.ts).
 */
export function peaksUrl(audioFilePk: string | null | undefined, peaksPk: string | null | undefined): string | null {
  if (peaksPk) return fileUrl(peaksPk);
  return audioFilePk ? `${fileUrl(audioFilePk)}/peaks` : null;
}
