"use client";
import Link from "next/link";
import { useEffect } from "react";
import { buttonClass } from "@/components/button";
import { type Column, DataTable } from "@/components/data-table";
import { EmptyState } from "@/components/states";
import { useServerList } from "@/lib/web/api/use-api";
import {
  type ChallengeKind,
  type ChallengeOf,
  itemPath,
  KINDS,
  PREPARING_POLL_MS,
} from "@/lib/web/challenges/challenge-kinds";
import { formatDateTime } from "@/lib/web/ui/display-format";
import { usePrincipal } from "@/lib/web/views/use-principal";
import { ChallengeListFrame } from "./challenge-frame";
import { challengeName } from "./challenge-name";
import { DeleteChallenge } from "./delete-challenge";

// One kind's list, paginated by the API (perPage + the Link header's cursor), with the
// kind's own columns, then created, and edit/delete per row. `poll`: rows still changing on
// the server (choice challenges being prepared): the page is fetched again until none is.

type Props<K extends ChallengeKind> = {
  kind: K;
  columns: Column<ChallengeOf<K>>[];
  poll?: (challenge: ChallengeOf<K>) => boolean;
};

export const detailHref = (kind: ChallengeKind, id: string) => `${KINDS[kind].href}/${encodeURIComponent(id)}`;

/** The name column (question, transcription or topic): a link to the detail page, the id as secondary text. */
export function nameColumn<K extends ChallengeKind>(kind: K, header: string): Column<ChallengeOf<K>> {
  return {
    key: "name",
    header,
    cell: (c) => (
      <Link href={detailHref(kind, c.id)} className="block max-w-sm text-blue-800 hover:underline">
        <span className="line-clamp-2 font-medium">{challengeName(kind, c)}</span>
        <span className="block text-xs break-all text-slate-600">{c.id}</span>
      </Link>
    ),
  };
}

export function ChallengeList<K extends ChallengeKind>({ kind, columns, poll }: Props<K>) {
  const principal = usePrincipal();
  const list = useServerList<ChallengeOf<K>>(KINDS[kind].apiPath, { sort: null });
  const changing = !!poll && list.items.some(poll);
  const { refetch } = list;
  useEffect(() => {
    if (!changing) return;
    const timer = setInterval(() => void refetch(), PREPARING_POLL_MS);
    return () => clearInterval(timer);
  }, [changing, refetch]);

  const all: Column<ChallengeOf<K>>[] = [
    ...columns,
    {
      key: "created",
      header: "Created",
      cell: (c) => <span className="whitespace-nowrap">{formatDateTime(c.created)}</span>,
    },
    {
      key: "actions",
      header: "Actions",
      cell: (c) => (
        <div className="flex items-center gap-1">
          <Link
            href={detailHref(kind, c.id)}
            className={buttonClass("ghost", "px-2 py-1")}
            aria-label={`${principal.can(KINDS[kind].edit) ? "Edit" : "Open"} ${KINDS[kind].singular} “${challengeName(kind, c)}”`}
          >
            {principal.can(KINDS[kind].edit) ? "Edit" : "Open"}
          </Link>
          {principal.can(KINDS[kind].remove) && (
            <DeleteChallenge kind={kind} id={c.id} name={challengeName(kind, c)} compact />
          )}
        </div>
      ),
    },
  ];

  return (
    <ChallengeListFrame kind={kind}>
      <DataTable
        caption={KINDS[kind].title}
        columns={all}
        list={list}
        rowKey={(c) => itemPath(kind, c.id)}
        empty={
          <EmptyState title={`No ${KINDS[kind].title.toLowerCase()} yet`}>
            {principal.can(KINDS[kind].create)
              ? `Create the first one with “New ${KINDS[kind].singular}”.`
              : "None has been created in this organisation."}
          </EmptyState>
        }
      />
    </ChallengeListFrame>
  );
}
