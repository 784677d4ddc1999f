"use client";
import type { UseQueryResult } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import type { ReactNode } from "react";
import { buttonClass } from "@/components/button";
import { PageHeader } from "@/components/page-header";
import { EmptyState, ErrorState, LoadingBlock } from "@/components/states";
import type { ApiRequestError } from "@/lib/web/api/api-client";
import { type ChallengeKind, type ChallengeOf, KINDS } from "@/lib/web/challenges/challenge-kinds";
import { formatDateTime } from "@/lib/web/ui/display-format";
import { usePrincipal } from "@/lib/web/views/use-principal";
import { challengeName } from "./challenge-name";
import { ChallengeTabs } from "./challenge-tabs";
import { DeleteChallenge } from "./delete-challenge";

// The frames of the challenge pages: a guard for what the view may do (the API's own
// permissions), the "new" page and the detail page with its loading and error states.

type Need = "list" | "create";

/** Children only when the current view holds the kind's `need` permission. */
export function ChallengeGuard({
  kind,
  need = "list",
  children,
}: {
  kind: ChallengeKind;
  need?: Need;
  children: ReactNode;
}) {
  const principal = usePrincipal();
  if (principal.isLoading) return <LoadingBlock />;
  if (principal.error) return <ErrorState error={principal.error} />;
  if (principal.can(KINDS[kind][need])) return <>{children}</>;
  return (
    <EmptyState
      title={`${need === "create" ? "Creating" : "Viewing"} ${KINDS[kind].title.toLowerCase()} is not available in this view`}
    >
      <p>Your roles do not include it. Switch to a view that may, or go back to the dashboard.</p>
      <Link href="/" className={buttonClass("secondary", "mt-3")}>
        Dashboard
      </Link>
    </EmptyState>
  );
}

const BackLink = ({ kind }: { kind: ChallengeKind }) => (
  <Link href={KINDS[kind].href} className="mb-4 inline-block rounded text-sm text-blue-800 hover:underline">
    ← All {KINDS[kind].title.toLowerCase()}
  </Link>
);

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function NewChallengeFrame({ kind, children }: { kind: ChallengeKind; children: ReactNode }) {
  return (
    <ChallengeGuard kind={kind} need="create">
      <BackLink kind={kind} />
      <PageHeader title={`New ${KINDS[kind].singular}`} description={KINDS[kind].description} />
      <div className="max-w-4xl">{children}</div>
    </ChallengeGuard>
  );
}

type DetailProps<K extends ChallengeKind> = {
  kind: K;
  id: string;
  query: UseQueryResult<ChallengeOf<K>, ApiRequestError>;
  /** Next to the title (e.g. the live status). */
  badge?: (challenge: ChallengeOf<K>) => ReactNode;
  children: (challenge: ChallengeOf<K>) => ReactNode;
};

export function ChallengeDetailFrame<K extends ChallengeKind>({ kind, id, query, badge, children }: DetailProps<K>) {
  const router = useRouter();
  const principal = usePrincipal();
  const challenge = query.data;
  return (
    <ChallengeGuard kind={kind}>
      <BackLink kind={kind} />
      {query.isPending ? (
        <LoadingBlock label={`Loading the ${KINDS[kind].singular}…`} lines={6} />
      ) : query.isError && !challenge ? (
        <ErrorState
          title={`This ${KINDS[kind].singular} could not be loaded (id ${id})`}
          error={query.error}
          onRetry={() => query.refetch()}
        />
      ) : challenge ? (
        <>
          <PageHeader
            title={challengeName(kind, challenge)}
            description={
              <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span>{capital(KINDS[kind].singular)}</span>
                {badge?.(challenge)}
                <span>
                  id <code className="text-xs">{challenge.id}</code> · Created {formatDateTime(challenge.created)} ·
                  updated {formatDateTime(challenge.updated)}
                </span>
              </span>
            }
            actions={
              principal.can(KINDS[kind].remove) && (
                <DeleteChallenge
                  kind={kind}
                  id={challenge.id}
                  name={challengeName(kind, challenge)}
                  onDeleted={() => router.push(KINDS[kind].href)}
                />
              )
            }
          />
          {query.isError && (
            <ErrorState
              title="The newest state could not be loaded"
              error={query.error}
              onRetry={() => query.refetch()}
            />
          )}
          <div className="max-w-4xl">{children(challenge)}</div>
        </>
      ) : null}
    </ChallengeGuard>
  );
}

/** The list page's frame: the kind tabs, the title and its "New" button. */
export function ChallengeListFrame({ kind, children }: { kind: ChallengeKind; children: ReactNode }) {
  const principal = usePrincipal();
  return (
    <>
      <ChallengeTabs />
      <ChallengeGuard kind={kind}>
        <PageHeader
          title={KINDS[kind].title}
          description={KINDS[kind].description}
          actions={
            principal.can(KINDS[kind].create) && (
              <Link href={`${KINDS[kind].href}/new`} className={buttonClass("primary")}>
                New {KINDS[kind].singular}
              </Link>
            )
          }
        />
        {children}
      </ChallengeGuard>
    </>
  );
}
