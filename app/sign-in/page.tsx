import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { Providers } from "@/components/providers";
import { SignInForm } from "@/components/sign-in-form";
import { currentSession } from "@/lib/web/session/auth";

export const metadata: Metadata = { title: "Sign in · Speech training platform" };

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | undefined>>;
}) {
  if (await currentSession()) redirect("/");
  const { expired, error } = await searchParams;
  const notice = expired ? "Your session has ended. Please sign in again." : undefined;
  // Only a fixed text: the query string is anyone's to write.
  const failed = error ? "Signing in did not work. Please try again." : undefined;
  return (
    <Providers session={null}>
      <main className="flex min-h-screen items-start justify-center px-4 py-16">
        <div className="w-full max-w-md">
          <h1 className="text-center text-2xl font-semibold">Speech training platform</h1>
          <p className="mt-1 mb-6 text-center text-sm text-slate-600">
            Sign in to manage tenants, organisations, users and challenges.
          </p>
          <SignInForm notice={notice} initialError={failed} />
          <p className="mt-4 text-center text-sm">
            <Link href="/s" className="text-blue-700 underline">
              Student? Sign in with your school code
            </Link>
          </p>
        </div>
      </main>
    </Providers>
  );
}
