import type { Metadata } from "next";
import { NewChallengeFrame } from "@/components/challenges/challenge-frame";
import { SpeechForm } from "@/components/challenges/speech-form";

export const metadata: Metadata = { title: "New speech challenge · Speech training platform" };

export default function NewSpeechChallengePage() {
  return (
    <NewChallengeFrame kind="speech">
      <SpeechForm />
    </NewChallengeFrame>
  );
}
