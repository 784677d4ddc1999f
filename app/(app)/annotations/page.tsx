import type { Metadata } from "next";
import { AssignmentsView } from "@/components/annotations/assignments-view";

export const metadata: Metadata = { title: "Annotate · Speech training platform" };

// Annotators' own work: the assignments they are named in.
export default function AnnotatePage() {
  return <AssignmentsView mode="mine" />;
}
