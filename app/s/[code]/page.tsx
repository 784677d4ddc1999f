import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { StudentSignInForm } from "@/components/practice/student-sign-in-form";
import { Providers } from "@/components/providers";
import { db } from "@/lib/db/client";
import { findSignInPlace, normaliseSignInCode } from "@/lib/organisations/sign-in-code";
import { currentSession } from "@/lib/web/session/auth";

export const metadata: Metadata = { title: "Sign in to practise · Speech training platform" };

// A school's own sign-in address, printed on its credential cards: the code names the school.
export default async function SchoolSignInPage({ params }: { params: Promise<{ code: string }> }) {
  if (await currentSession()) redirect("/practice");
  const { code } = await params;
  const place = await findSignInPlace(db(), decodeURIComponent(code));
  return (
    <Providers session={null}>
      <main className="flex min-h-screen items-start justify-center px-4 py-12">
        <div className="w-full max-w-sm">
          {place ? (
            <>
              <h1 className="text-center text-2xl font-semibold">Hello! Let's practise speaking</h1>
              <p className="mt-2 mb-6 text-center text-slate-700">
                You are signing in at <strong>{place.name}</strong>. Type the username and password from your card.
              </p>
              <StudentSignInForm code={normaliseSignInCode(decodeURIComponent(code))} />
            </>
          ) : (
            <>
              <h1 className="text-center text-2xl font-semibold">We could not find your school</h1>
              <p role="alert" className="mt-3 text-center text-slate-700">
                The code in this address is not known. Check the code on your card and type it again.
              </p>
              <p className="mt-6 text-center">
                <Link href="/s" className="text-blue-700 underline">
                  Type my school code
                </Link>
              </p>
            </>
          )}
        </div>
      </main>
    </Providers>
  );
}
