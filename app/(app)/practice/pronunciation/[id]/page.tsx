import type { Metadata } from "next";
import { PronunciationPractice } from "@/components/practice/pronunciation-practice";
import { requirePracticeToken } from "@/lib/web/practice/require-token";

export const metadata: Metadata = { title: "Say it well · Practise" };

export default async function PronunciationPracticePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <PronunciationPractice id={decodeURIComponent(id)} token={await requirePracticeToken()} />;
}
