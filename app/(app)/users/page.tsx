import type { Metadata } from "next";
import { UsersPage } from "@/components/users/users-view";

export const metadata: Metadata = { title: "Users · Speech training platform" };

export default function Users() {
  return <UsersPage />;
}
