import type { Metadata } from "next";
import Link from "next/link";
import { SchoolCodeForm } from "@/components/practice/school-code-form";

export const metadata: Metadata = { title: "Your school code · Speech training platform" };

// Where a student without the card's address (or its QR code) starts: they type the school code.
export default function SchoolCodePage() {
  return (
    <main className="flex min-h-screen items-start justify-center px-4 py-12">
      <div className="w-full max-w-sm">
        <h1 className="text-center text-2xl font-semibold">Sign in to practise</h1>
        <p className="mt-2 mb-6 text-center text-slate-700">Type the school code from your card.</p>
        <SchoolCodeForm />
        <p className="mt-6 text-center text-sm">
          <Link href="/sign-in" className="text-blue-700 underline">
            I am a teacher or administrator
          </Link>
        </p>
      </div>
    </main>
  );
}
