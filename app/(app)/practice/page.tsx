import type { Metadata } from "next";
import { PracticeHome } from "@/components/practice/practice-home";

export const metadata: Metadata = { title: "My exercises · Practise" };

export default function PracticePage() {
  return <PracticeHome />;
}
