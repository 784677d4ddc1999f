import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AssignmentDetail } from "@/components/annotations/assignment-detail";

export const metadata: Metadata = { title: "Assignment · Speech training platform" };

// The API answers 404 for assignments this view may not see; the id must at least be one.
export default async function AssignmentPage({ params }: { params: Promise<{ assignment: string }> }) {
  const id = Number((await params).assignment);
  if (!Number.isInteger(id) || id < 1) notFound();
  return <AssignmentDetail id={id} />;
}
