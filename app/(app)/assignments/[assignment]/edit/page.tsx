import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AssignmentEdit } from "@/components/annotations/assignments/assignment-edit";

export const metadata: Metadata = { title: "Edit assignment · Speech training platform" };

// The API answers 404 for assignments this view may not see; the id must at least be one.
export default async function EditAssignmentPage({ params }: { params: Promise<{ assignment: string }> }) {
  const id = Number((await params).assignment);
  if (!Number.isInteger(id) || id < 1) notFound();
  return <AssignmentEdit id={id} />;
}
