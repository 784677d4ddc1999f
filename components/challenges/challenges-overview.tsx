"use client";
import Link from "next/link";
import { buttonClass } from "@/components/button";
import { PageHeader } from "@/components/page-header";
import { EmptyState, LoadingBlock } from "@/components/states";
import { CHALLENGE_KINDS, KINDS } from "@/lib/web/challenges/challenge-kinds";
import { usePrincipal } from "@/lib/web/views/use-principal";
import { ChallengeTabs } from "./challenge-tabs";

// /challenges: the three kinds, each with its list and (where the view may) a "New" link.
export function ChallengesOverview() {
  const principal = usePrincipal();
  const kinds = CHALLENGE_KINDS.filter((kind) => principal.can(KINDS[kind].list));
  return (
    <>
      <ChallengeTabs />
      <PageHeader
        title="Challenges"
        description="The exercises of this organisation: author them with text, reference audio (uploaded or recorded here) and files."
      />
      {principal.isLoading ? (
        <LoadingBlock />
      ) : kinds.length === 0 ? (
        <EmptyState title="Challenges are not available in this view">
          Switch to an organisation, or to one of its teachers.
        </EmptyState>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {kinds.map((kind) => (
            <li key={kind} className="flex flex-col rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
              <h2 className="text-lg font-semibold">
                <Link href={KINDS[kind].href} className="text-blue-800 hover:underline">
                  {KINDS[kind].title}
                </Link>
              </h2>
              <p className="mt-1 flex-1 text-sm text-slate-600">{KINDS[kind].description}</p>
              <div className="mt-4 flex flex-wrap gap-2">
                <Link href={KINDS[kind].href} className={buttonClass("secondary")}>
                  Open list<span className="sr-only"> of {KINDS[kind].title.toLowerCase()}</span>
                </Link>
                {principal.can(KINDS[kind].create) && (
                  <Link href={`${KINDS[kind].href}/new`} className={buttonClass("primary")}>
                    New {KINDS[kind].singular}
                  </Link>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
