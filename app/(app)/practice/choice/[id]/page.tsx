import type { Metadata } from "next";
import { ChoicePractice } from "@/components/practice/choice-practice";
import { requirePracticeToken } from "@/lib/web/practice/require-token";

export const metadata: Metadata = { title: "Choose and say · Practise" };

export default async function ChoicePracticePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <ChoicePractice id={decodeURIComponent(id)} token={await requirePracticeToken()} />;
}
