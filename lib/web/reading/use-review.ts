"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { FeedbackOut } from "@/lib/feedback/schemas";
import type { CorrectionOut, CreateCorrection } from "@/lib/reading/schemas";
import { apiKey, useApi, useApiQuery, useApiSession } from "../api/use-api";
import { toast } from "../ui/toast";

// One attempt's review through the API: our GET /api/feedback/:id/review (the feedback with its
// figures, the names, the engine), POST /api/feedback/:id/corrections (answers the feedback with
// its figures recounted, which replaces the cached one at once) and the corrections' history.

export type Review = {
  feedback: FeedbackOut;
  student: { id: string; name: string } | null;
  challenge: { id: string; name: string | null; language: string } | null;
  engine: string | null;
  notAssessed: string | null;
  measured: string | null;
  mayCorrect: boolean;
  annotationRecording: { id: string; challengeId: string } | null;
};

export const reviewPath = (id: string) => `/api/feedback/${encodeURIComponent(id)}/review`;
const correctionsPath = (id: string) => `/api/feedback/${encodeURIComponent(id)}/corrections`;

export const useReview = (id: string) => useApiQuery<Review>(reviewPath(id), undefined, { staleTime: 15_000 });

export const useCorrectionHistory = (id: string) =>
  useApiQuery<CorrectionOut[]>(correctionsPath(id), { perPage: 100 }, { staleTime: 15_000 });

export function useCorrectWord(id: string) {
  const api = useApi();
  const { scope } = useApiSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateCorrection) =>
      (await api<FeedbackOut>(correctionsPath(id), { method: "POST", json: input })).data,
    onSuccess: (feedback) => {
      queryClient.setQueryData<Review>(apiKey(scope, reviewPath(id)), (review) => review && { ...review, feedback });
      void queryClient.invalidateQueries({ queryKey: apiKey(scope, correctionsPath(id)) });
    },
    onError: (error) => toast.error(error.message),
  });
}

/** A recording made from (or found for) the attempt: POST /api/feedback/:id/recording (ours). */
export type AttemptRecording = { id: string; feedbackId: string | null };

export function usePrepareForAnnotation(id: string, challengeId: string) {
  const api = useApi();
  const { scope } = useApiSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await api<AttemptRecording>(`/api/feedback/${encodeURIComponent(id)}/recording`, { method: "POST" })).data,
    onSuccess: (recording) =>
      queryClient.setQueryData<Review>(
        apiKey(scope, reviewPath(id)),
        (review) => review && { ...review, annotationRecording: { id: recording.id, challengeId } },
      ),
    onError: (error) => toast.error(error.message),
  });
}
