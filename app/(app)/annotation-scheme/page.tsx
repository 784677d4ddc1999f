import type { Metadata } from "next";
import { SchemeView } from "@/components/annotations/scheme/scheme-view";

export const metadata: Metadata = { title: "Label scheme · Speech training platform" };

// Organisation administrators edit their organisation's annotation label scheme.
export default function AnnotationSchemePage() {
  return <SchemeView />;
}
