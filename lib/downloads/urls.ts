import { config } from "@/lib/config";

/** The absolute download URL of a stored file (every `...Url` field), or null. */
export function fileUrl(filePk: string | null | undefined): string | null {
  return filePk ? `${config().apiBaseUrl}/download/${filePk}` : null;
}
