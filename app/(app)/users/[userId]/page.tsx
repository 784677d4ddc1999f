import type { Metadata } from "next";
import { UserDetail } from "@/components/users/user-detail";

export const metadata: Metadata = { title: "User · Speech training platform" };

// No guard: a user may open its own page; the API answers 404 for anyone else it may not see.
export default async function UserPage({ params }: { params: Promise<{ userId: string }> }) {
  const { userId } = await params;
  return <UserDetail id={decodeURIComponent(userId)} />;
}
