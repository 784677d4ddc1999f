import type { Metadata } from "next";
import { Suspense } from "react";
import { ProgressView } from "@/components/progress/progress-view";
import { LoadingBlock } from "@/components/states";

export const metadata: Metadata = { title: "Progress · Speech training platform" };

// The selection lives in the URL (useSearchParams): rendered below a Suspense boundary.
export default function ProgressPage() {
  return (
    <Suspense fallback={<LoadingBlock />}>
      <ProgressView />
    </Suspense>
  );
}
