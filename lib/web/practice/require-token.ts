import { redirect } from "next/navigation";
import { practiceToken } from "./practice-token";

/** A practice page's WAMP ticket; without a live view, off to sign in. */
export async function requirePracticeToken(): Promise<string> {
  const token = await practiceToken();
  if (!token) redirect("/sign-in");
  return token;
}
