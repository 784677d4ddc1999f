import type { Metadata } from "next";
import { PronunciationList } from "@/components/challenges/challenge-lists";

export const metadata: Metadata = { title: "Pronunciation challenges · Speech training platform" };

export default function PronunciationChallengesPage() {
  return <PronunciationList />;
}
