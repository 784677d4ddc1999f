import type { Metadata } from "next";
import { AssignmentForm } from "@/components/annotations/assignment-form";

export const metadata: Metadata = { title: "New assignment · Speech training platform" };

export default function NewAssignmentPage() {
  return <AssignmentForm />;
}
