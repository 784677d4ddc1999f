import type { Metadata } from "next";
import { ReadingReview } from "@/components/reading/reading-review";

export const metadata: Metadata = { title: "Reading review · Speech training platform" };

// One read-aloud attempt (a feedback result) for its teachers: the API decides who may see it.
export default async function ReadingReviewPage({ params }: { params: Promise<{ feedback: string }> }) {
  const { feedback } = await params;
  return <ReadingReview id={decodeURIComponent(feedback)} />;
}
