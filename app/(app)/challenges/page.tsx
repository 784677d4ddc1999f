import type { Metadata } from "next";
import { ChallengesOverview } from "@/components/challenges/challenges-overview";

export const metadata: Metadata = { title: "Challenges · Speech training platform" };

export default function ChallengesPage() {
  return <ChallengesOverview />;
}
