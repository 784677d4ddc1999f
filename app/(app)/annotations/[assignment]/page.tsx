import { redirect } from "next/navigation";

// An assignment's recordings are listed on its assignment page.
export default async function AnnotationAssignmentPage({ params }: { params: Promise<{ assignment: string }> }) {
  redirect(`/assignments/${encodeURIComponent((await params).assignment)}`);
}
