"use client";
import { useQueries, useQuery } from "@tanstack/react-query";
import type { ChoiceChallenge } from "@/lib/challenges/choice/schemas";
import type { PronunciationChallenge } from "@/lib/challenges/pronunciation/schemas";
import type { ProgressEntry } from "@/lib/progress/schemas";
import { apiFetch } from "../api/api-client";
import { fetchAll } from "../api/fetch-all";
import { apiKey, useApiSession } from "../api/use-api";
import { useCategoryTree, useSpeechChallenges } from "../categories/use-categories";

// A student's home: the organisation's categories (the tree) with their own progress in each
// (GET /api/categories/:id/progress answers a student with their own row only), the speech
// challenges each holds, and the choice and pronunciation exercises (categories hold only
// speech challenges).

export function useCategoryProgress(categoryIds: readonly string[]) {
  const { scope } = useApiSession();
  return useQueries({
    queries: categoryIds.map((id) => {
      const path = `/api/categories/${encodeURIComponent(id)}/progress`;
      return {
        queryKey: apiKey(scope, path),
        queryFn: async ({ signal }: { signal: AbortSignal }) =>
          (await apiFetch<ProgressEntry[]>(path, { signal })).data,
        enabled: !!scope,
        // Coming back from an exercise, what was just done shows.
        refetchOnMount: "always" as const,
      };
    }),
  });
}

function useAll<T>(path: string) {
  const { scope } = useApiSession();
  return useQuery({
    queryKey: apiKey(scope, path, { all: "pages" }),
    queryFn: ({ signal }) => fetchAll<T>(path, signal),
    enabled: !!scope,
  });
}

export function usePracticeHome() {
  const tree = useCategoryTree();
  const speech = useSpeechChallenges();
  const choice = useAll<ChoiceChallenge>("/api/challenges/choice");
  const pronunciation = useAll<PronunciationChallenge>("/api/challenges/pronunciation");
  const progress = useCategoryProgress((tree.data ?? []).map((c) => c.id));
  return { tree, speech, choice, pronunciation, progress };
}

/** Of a category's challenges in order: which are done (a recording counts) and the first that is not. */
export function doneAndNext(order: readonly string[], entry: ProgressEntry | undefined) {
  const done = new Set(entry?.challenges.filter((c) => c.recordingSet).map((c) => c.id) ?? []);
  return { done, next: order.find((id) => !done.has(id)) ?? null };
}
