"use client";
import { useQuery } from "@tanstack/react-query";
import type { PronunciationAnalysis, PronunciationChallenge } from "@/lib/challenges/pronunciation/schemas";
import type { ApiRequestError } from "../api/api-client";
import { fetchAll } from "../api/fetch-all";
import { apiKey, useApiSession } from "../api/use-api";

// Pronunciation challenges and a user's analyses of one of them through the API
// (GET /api/challenges/pronunciation, GET /api/challenges/pronunciation/:id/analyses?userId=…).

const PATH = "/api/challenges/pronunciation";

export function usePronunciationChallenges(enabled = true) {
  const { scope } = useApiSession();
  return useQuery<PronunciationChallenge[], ApiRequestError>({
    queryKey: apiKey(scope, PATH, { all: "pages" }),
    queryFn: ({ signal }) => fetchAll<PronunciationChallenge>(PATH, signal),
    enabled: !!scope && enabled,
    staleTime: 60_000,
  });
}

/** The user's analyses of the challenge, newest first. */
export function useAnalyses(challengeId: string | null, userId: string | null) {
  const { scope } = useApiSession();
  const path = `${PATH}/${encodeURIComponent(challengeId ?? "")}/analyses`;
  return useQuery<PronunciationAnalysis[], ApiRequestError>({
    queryKey: apiKey(scope, path, { userId: userId ?? "", all: "pages" }),
    queryFn: async ({ signal }) =>
      (await fetchAll<PronunciationAnalysis>(path, signal, { userId: userId ?? undefined })).reverse(),
    enabled: !!scope && !!challengeId && !!userId,
  });
}

export type Verdict = "good" | "moderate" | "bad";

/** The colours of the three verdicts (text on a tinted background, readable at AA). */
export const VERDICT_CLASS: Record<Verdict, string> = {
  good: "bg-green-100 text-green-900 decoration-green-600",
  moderate: "bg-amber-100 text-amber-900 decoration-amber-600",
  bad: "bg-red-100 text-red-900 decoration-red-600",
};
