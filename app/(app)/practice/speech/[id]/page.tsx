import type { Metadata } from "next";
import { SpeechPractice } from "@/components/practice/speech-practice";
import { requirePracticeToken } from "@/lib/web/practice/require-token";

export const metadata: Metadata = { title: "Speak · Practise" };

export default async function SpeechPracticePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <SpeechPractice id={decodeURIComponent(id)} token={await requirePracticeToken()} />;
}
