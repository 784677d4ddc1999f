import type { Metadata } from "next";
import { PronunciationDetail } from "@/components/challenges/challenge-details";

export const metadata: Metadata = { title: "Pronunciation challenge · Speech training platform" };

export default async function PronunciationChallengePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <PronunciationDetail id={decodeURIComponent(id)} />;
}
