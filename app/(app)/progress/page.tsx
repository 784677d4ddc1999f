import type { Metadata } from "next";
import { Suspense } from "react";
import { ProgressView } from "@/components/progress/progress-view";
import { LoadingBlock } from "@/components/states";
import { EarlyRequests } from "@/lib/web/early/early-script";
import { progressReads } from "@/lib/web/early/progress-reads";

export const metadata: Metadata = { title: "Progress · Speech training platform" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

// The selection lives in the URL (useSearchParams): rendered below a Suspense boundary. The
// browser starts reading the groups and the grid as it parses the page (lib/web/early/).
export default async function ProgressPage({ searchParams }: Props) {
  const search = await searchParams;
  return (
    <>
      <EarlyRequests plan={progressReads(search)} />
      <Suspense fallback={<LoadingBlock />}>
        <ProgressView />
      </Suspense>
    </>
  );
}
