"use client";
import type { FluencyOut } from "@/lib/reading/fluency-schemas";
import { downloadCsv } from "../api/save-file";
import { useApiQuery } from "../api/use-api";

// A group's reading fluency through our GET /api/groups/:group/reading (JSON for the page, the
// same route with Accept: text/csv for the download).

export const fluencyPath = (group: string) => `/api/groups/${encodeURIComponent(group)}/reading`;

export const useFluency = (group: string) =>
  useApiQuery<FluencyOut>(fluencyPath(group), undefined, { staleTime: 15_000 });

export const attemptHref = (feedbackId: string) => `/reading/attempts/${encodeURIComponent(feedbackId)}`;

export const downloadFluencyCsv = (group: string): Promise<void> => downloadCsv(fluencyPath(group), "reading.csv");
