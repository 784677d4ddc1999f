import type { Metadata } from "next";
import { SpeechDetail } from "@/components/challenges/challenge-details";

export const metadata: Metadata = { title: "Speech challenge · Speech training platform" };

export default async function SpeechChallengePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <SpeechDetail id={decodeURIComponent(id)} />;
}
