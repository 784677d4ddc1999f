import type { Metadata } from "next";
import { NewChallengeFrame } from "@/components/challenges/challenge-frame";
import { CreateChoiceForm } from "@/components/challenges/choice-form";

export const metadata: Metadata = { title: "New choice challenge · Speech training platform" };

export default function NewChoiceChallengePage() {
  return (
    <NewChallengeFrame kind="choice">
      <CreateChoiceForm />
    </NewChallengeFrame>
  );
}
