"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Band } from "@/lib/reading/fluency";
import type { FluencyOut } from "@/lib/reading/fluency-schemas";
import { downloadCsv } from "../api/save-file";
import { apiKey, useApi, useApiQuery, useApiSession } from "../api/use-api";

// A group's reading fluency through our GET /api/groups/:group/reading (JSON for the page, the
// same route with Accept: text/csv for the download).

export const fluencyPath = (group: string) => `/api/groups/${encodeURIComponent(group)}/reading`;

export const useFluency = (group: string) =>
  useApiQuery<FluencyOut>(fluencyPath(group), undefined, { staleTime: 15_000 });

export const attemptHref = (feedbackId: string) => `/reading/attempts/${encodeURIComponent(feedbackId)}`;

export const downloadFluencyCsv = (group: string): Promise<void> => downloadCsv(fluencyPath(group), "reading.csv");

/** PUT /api/groups/:group/reading-bands; then the group's figures are read again (bands and distribution). */
export function useSaveBands(group: string) {
  const api = useApi();
  const { scope } = useApiSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (bands: Band[]) =>
      (
        await api<{ bands: Band[] }>(`/api/groups/${encodeURIComponent(group)}/reading-bands`, {
          method: "PUT",
          json: { bands },
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKey(scope, fluencyPath(group)) }),
  });
}
