"use client";
import { useMemo } from "react";
import { useApiQuery } from "../../api/use-api";
import { reviewWords } from "../../reading/review-words";
import { type Review, reviewPath } from "../../reading/use-review";
import type { AttemptWords } from "./prefill";

// For a recording prepared from a reading attempt (its context's feedbackId): the attempt's words as
// they stand after corrections, read from the review (GET /api/feedback/:id/review), for the
// pre-fill. Null for any other recording; words null with a reason when the review cannot be read
// (an annotator who is not the student's teacher may not read it).

export function useAttemptWords(feedbackId: string | null | undefined): AttemptWords | null {
  const review = useApiQuery<Review>(feedbackId ? reviewPath(feedbackId) : null, undefined, {
    staleTime: 60_000,
    retry: false,
  });
  const data = review.data;
  const error = review.error;
  return useMemo(() => {
    if (!feedbackId) return null;
    if (data) return { words: reviewWords(data.feedback.sentences, data.feedback.corrections), reason: null };
    if (error) return { words: null, reason: `the reading attempt's review could not be read (${error.message})` };
    return { words: null, reason: "the reading attempt's review is loading" };
  }, [feedbackId, data, error]);
}
