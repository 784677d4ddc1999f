import type { Metadata } from "next";
import { ChoiceDetail } from "@/components/challenges/challenge-details";

export const metadata: Metadata = { title: "Choice challenge · Speech training platform" };

export default async function ChoiceChallengePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <ChoiceDetail id={decodeURIComponent(id)} />;
}
