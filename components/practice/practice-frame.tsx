import Link from "next/link";
import type { ReactNode } from "react";

// Every practice page: the way back home, the challenge's title and, for teachers trying a
// challenge, that their answer is a try.
export function PracticeFrame({ title, children, trying }: { title: string; children: ReactNode; trying?: boolean }) {
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <Link href="/practice" className="self-start rounded text-sm text-blue-800 hover:underline">
        ← My exercises
      </Link>
      <h1 className="text-2xl font-semibold">{title}</h1>
      {trying && (
        <p className="rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-900">
          You are trying this exercise as a student would.
        </p>
      )}
      {children}
    </div>
  );
}
