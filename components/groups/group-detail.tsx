"use client";
import Link from "next/link";
import { useState } from "react";
import { useCategoryChoices, useGroup, useUpdateGroup } from "@/lib/web/groups/use-groups";
import { categoryPaths } from "@/lib/web/names";
import { formatDateTime } from "@/lib/web/ui/display-format";
import { usePrincipal } from "@/lib/web/views/use-principal";
import { Button } from "../button";
import { PageHeader } from "../page-header";
import { ErrorState, LoadingBlock } from "../states";
import { GroupForm } from "./group-form";
import { GroupMembers } from "./group-members";

// One group: its name and categories (editable with GROUP_CREATE) and its members.
export function GroupDetail({ id }: { id: string }) {
  const query = useGroup(id);
  const principal = usePrincipal();
  const update = useUpdateGroup(id);
  const categories = useCategoryChoices(principal.can("CATEGORY_LIST"));
  const [editing, setEditing] = useState(false);
  const group = query.data;
  const editable = principal.can("GROUP_CREATE");
  const paths = categoryPaths(categories.data ?? []);
  const categoryName = (cid: string) =>
    paths.get(cid) ?? (categories.isPending ? "Loading…" : "A category you cannot see");
  return (
    <>
      <Link href="/groups" className="mb-4 inline-block rounded text-sm text-blue-800 hover:underline">
        ← All groups
      </Link>
      {query.isPending ? (
        <LoadingBlock label="Loading the group…" lines={5} />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => query.refetch()} />
      ) : (
        <>
          <PageHeader
            title={group!.name}
            description={
              <>Group · {group!.categories.length === 1 ? "1 category" : `${group!.categories.length} categories`}</>
            }
            actions={
              <>
                <Link
                  href={`/reading/groups/${encodeURIComponent(group!.id)}`}
                  className="rounded border border-slate-300 bg-white px-3 py-2 text-sm text-sky-800 hover:bg-slate-50"
                >
                  Reading fluency
                </Link>
                {editable && !editing && <Button onClick={() => setEditing(true)}>Edit group</Button>}
              </>
            }
          />
          {editing ? (
            <section aria-label="Edit group" className="rounded-lg border border-blue-200 bg-blue-50/50 p-5">
              <GroupForm
                group={group!}
                submit={(v) => update.mutateAsync({ name: v.name, categories: v.categories })}
                onDone={() => setEditing(false)}
              />
            </section>
          ) : (
            <dl className="grid max-w-2xl grid-cols-[max-content_1fr] gap-x-8 gap-y-3 rounded-lg border border-slate-200 bg-white p-5 text-sm">
              <dt className="text-slate-500">Categories</dt>
              <dd>
                {group!.categories.length === 0 ? (
                  "None"
                ) : (
                  <ul className="flex flex-wrap gap-1" aria-label="Categories">
                    {group!.categories.map((c) => (
                      <li key={c} className="rounded bg-slate-100 px-2 py-0.5 text-xs font-medium">
                        {categoryName(c)}
                      </li>
                    ))}
                  </ul>
                )}
              </dd>
              <dt className="text-slate-500">Created</dt>
              <dd>{formatDateTime(group!.created)}</dd>
              <dt className="text-slate-500">Updated</dt>
              <dd>{formatDateTime(group!.updated)}</dd>
            </dl>
          )}
          <GroupMembers group={group!} editable={editable} />
        </>
      )}
    </>
  );
}
