"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { CHALLENGE_KINDS, KINDS } from "@/lib/web/challenges/challenge-kinds";
import { usePrincipal } from "@/lib/web/views/use-principal";

// Links between the lists of the three kinds of challenges (the kinds the view may list).
export function ChallengeTabs() {
  const pathname = usePathname();
  const principal = usePrincipal();
  const kinds = CHALLENGE_KINDS.filter((kind) => principal.isLoading || principal.can(KINDS[kind].list));
  return (
    <nav aria-label="Kinds of challenges" className="mb-6 border-b border-slate-200">
      <ul className="-mb-px flex flex-wrap gap-1">
        {kinds.map((kind) => {
          const current = pathname.startsWith(KINDS[kind].href);
          return (
            <li key={kind}>
              <Link
                href={KINDS[kind].href}
                aria-current={current ? "page" : undefined}
                className={`block rounded-t-md border-b-2 px-4 py-2 text-sm ${
                  current
                    ? "border-blue-700 font-semibold text-blue-800"
                    : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"
                }`}
              >
                {KINDS[kind].title}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
