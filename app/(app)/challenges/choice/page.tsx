import type { Metadata } from "next";
import { ChoiceList } from "@/components/challenges/challenge-lists";

export const metadata: Metadata = { title: "Choice challenges · Speech training platform" };

export default function ChoiceChallengesPage() {
  return <ChoiceList />;
}
