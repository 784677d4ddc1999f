"use client";
import { useQuery } from "@tanstack/react-query";
import type { PronunciationAnalysis, PronunciationChallenge } from "@/lib/challenges/pronunciation/schemas";
import type { ApiRequestError } from "../api/api-client";
import { fetchAll } from "../api/fetch-all";
import { apiKey, useApiSession } from "../api/use-api";

// Pronunciation challenges and a user's analyses of one of them through the API
// (GET /api/challenges/pronunciation, GET /api/challenges/pronunciation/:id/analyses?userId=…,
// the userId filter repeated for several users).

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

/** The analyses of the challenge by a user (or by several: a group's), newest first. */
export function useAnalyses(challengeId: string | null, userId: string | readonly string[] | null) {
  const { scope } = useApiSession();
  const path = `${PATH}/${encodeURIComponent(challengeId ?? "")}/analyses`;
  const users = userId === null ? [] : typeof userId === "string" ? [userId] : [...userId];
  return useQuery<PronunciationAnalysis[], ApiRequestError>({
    queryKey: apiKey(scope, path, { userId: users.join("\u0000"), all: "pages" }),
    queryFn: async ({ signal }) => (await fetchAll<PronunciationAnalysis>(path, signal, { userId: users })).reverse(),
    enabled: !!scope && !!challengeId && users.length > 0,
  });
}

export type Verdict = "good" | "moderate" | "bad";

/** The colours of the three verdicts (text on a tinted background, readable at AA). */
export const VERDICT_CLASS: Record<Verdict, string> = {
  good: "bg-green-100 text-green-900 decoration-green-600",
  moderate: "bg-amber-100 text-amber-900 decoration-amber-600",
  bad: "bg-red-100 text-red-900 decoration-red-600",
};
