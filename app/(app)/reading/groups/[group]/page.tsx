import type { Metadata } from "next";
import { GroupFluency } from "@/components/reading/group-fluency";

export const metadata: Metadata = { title: "Reading fluency · Speech training platform" };

// A group's reading fluency over time: the API decides whose figures the caller sees.
export default async function GroupFluencyPage({ params }: { params: Promise<{ group: string }> }) {
  const { group } = await params;
  return <GroupFluency group={decodeURIComponent(group)} />;
}
