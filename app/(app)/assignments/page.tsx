import type { Metadata } from "next";
import { AssignmentsView } from "@/components/annotations/assignments-view";

export const metadata: Metadata = { title: "Assignments · Speech training platform" };

export default function AssignmentsPage() {
  return <AssignmentsView mode="manage" />;
}
