import type { Metadata } from "next";
import { AssignmentForm } from "@/components/annotations/assignment-form";

export const metadata: Metadata = { title: "New assignment · Speech training platform" };

type Search = Promise<Record<string, string | string[] | undefined>>;
const one = (v: string | string[] | undefined) => (typeof v === "string" && v.trim() ? v : null);

// ?challenge=…&recording=… (from a prepared reading attempt): that recording starts chosen.
export default async function NewAssignmentPage({ searchParams }: { searchParams: Search }) {
  const search = await searchParams;
  const challenge = one(search.challenge);
  const recording = one(search.recording);
  return <AssignmentForm preselect={challenge && recording ? { challenge, recording } : null} />;
}
