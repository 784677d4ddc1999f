"use client";
import type { UseQueryResult } from "@tanstack/react-query";
import Link from "next/link";
import type { ApiRequestError } from "@/lib/web/api/api-client";
import { formatDateTime } from "@/lib/web/ui/display-format";
import { type Target, useImpersonation } from "@/lib/web/views/use-impersonation";
import { Button } from "./button";
import { PageHeader } from "./page-header";
import { ErrorState, LoadingBlock } from "./states";

// The detail view of a tenant or organisation: what the API returns, and acting as it.
// The API has no update for either (service-interface.md: "not shown"), so nothing is editable.

type Named = { id: string; name: string; created: string; updated: string };

type Props = {
  query: UseQueryResult<Named, ApiRequestError>;
  noun: string;
  back: { href: string; label: string };
  target: (item: Named) => Target;
};

export function EntityDetail({ query, noun, back, target }: Props) {
  const { impersonate, busy } = useImpersonation();
  const item = query.data;
  return (
    <>
      <Link href={back.href} className="mb-4 inline-block text-sm text-blue-800 hover:underline">
        ← {back.label}
      </Link>
      {query.isPending ? (
        <LoadingBlock lines={4} />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => query.refetch()} />
      ) : (
        <>
          <PageHeader
            title={item!.name}
            description={
              <>
                {`${noun[0].toUpperCase()}${noun.slice(1)}`} · id <code className="text-xs">{item!.id}</code>
              </>
            }
            actions={
              <Button variant="primary" disabled={busy} onClick={() => impersonate.mutate(target(item!))}>
                View as this {noun}
              </Button>
            }
          />
          <dl className="grid max-w-2xl grid-cols-[max-content_1fr] gap-x-8 gap-y-3 rounded-lg border border-slate-200 bg-white p-5 text-sm">
            <dt className="text-slate-500">Name</dt>
            <dd>{item!.name}</dd>
            <dt className="text-slate-500">Id</dt>
            <dd>
              <code>{item!.id}</code>
            </dd>
            <dt className="text-slate-500">Created</dt>
            <dd>{formatDateTime(item!.created)}</dd>
            <dt className="text-slate-500">Updated</dt>
            <dd>{formatDateTime(item!.updated)}</dd>
          </dl>
        </>
      )}
    </>
  );
}
