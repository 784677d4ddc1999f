import type { Metadata } from "next";
import { NewChallengeFrame } from "@/components/challenges/challenge-frame";
import { PronunciationForm } from "@/components/challenges/pronunciation-form";

export const metadata: Metadata = { title: "New pronunciation challenge · Speech training platform" };

export default function NewPronunciationChallengePage() {
  return (
    <NewChallengeFrame kind="pronunciation">
      <PronunciationForm />
    </NewChallengeFrame>
  );
}
