"use client";
import { ApiRequestError, sessionCallHeaders } from "./api-client";

// Files the browser saves for the user: a blob under a name, and a CSV an API route answers
// (Accept: text/csv) under the name its Content-Disposition gives.

/** Saves `blob` as `filename` through a temporary link. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Fetches `url` as CSV with the session and saves it; an error answer is thrown as the API's message. */
export async function downloadCsv(url: string, fallbackName: string): Promise<void> {
  const response = await fetch(url, { headers: { ...sessionCallHeaders(), Accept: "text/csv" }, cache: "no-store" });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new ApiRequestError(response.status, body.message ?? `The server answered ${response.status}`, []);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ?? fallbackName;
  saveBlob(await response.blob(), name);
}
