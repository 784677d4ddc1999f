"use client";
import type { FluencyOut } from "@/lib/reading/fluency-schemas";
import { ApiRequestError, sessionCallHeaders } from "../api/api-client";
import { useApiQuery } from "../api/use-api";

// A group's reading fluency through our GET /api/groups/:group/reading (JSON for the page, the
// same route with Accept: text/csv for the download).

export const fluencyPath = (group: string) => `/api/groups/${encodeURIComponent(group)}/reading`;

export const useFluency = (group: string) =>
  useApiQuery<FluencyOut>(fluencyPath(group), undefined, { staleTime: 15_000 });

export const attemptHref = (feedbackId: string) => `/reading/attempts/${encodeURIComponent(feedbackId)}`;

export async function downloadFluencyCsv(group: string): Promise<void> {
  const response = await fetch(fluencyPath(group), {
    headers: { ...sessionCallHeaders(), Accept: "text/csv" },
    cache: "no-store",
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new ApiRequestError(response.status, body.message ?? `The server answered ${response.status}`, []);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ?? "reading.csv";
  const href = URL.createObjectURL(await response.blob());
  const a = document.createElement("a");
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
