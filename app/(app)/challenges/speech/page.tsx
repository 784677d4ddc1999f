import type { Metadata } from "next";
import { SpeechList } from "@/components/challenges/challenge-lists";

export const metadata: Metadata = { title: "Speech challenges · Speech training platform" };

export default function SpeechChallengesPage() {
  return <SpeechList />;
}
