"use client";
import Link from "next/link";
import { useState } from "react";
import { useGroups } from "@/lib/web/groups/use-groups";
import { formatDateTime } from "@/lib/web/ui/display-format";
import { roleWords } from "@/lib/web/users/role-words";
import { userName, useUser } from "@/lib/web/users/use-users";
import { usePrincipal } from "@/lib/web/views/use-principal";
import { PageHeader } from "../page-header";
import { ErrorState, LoadingBlock } from "../states";
import { CredentialsSection } from "./credentials-section";
import { ProfileSection } from "./profile-section";
import { UserEdit, UserErase } from "./user-edit";

// One user: who it is, its roles and groups, its profile and its sign-in credentials.
export function UserDetail({ id }: { id: string }) {
  const query = useUser(id);
  const principal = usePrincipal();
  const groups = useGroups(principal.can("GROUP_LIST"));
  const user = query.data;
  const [editing, setEditing] = useState(false);
  const manages = principal.can("USER_CREATE") && principal.user?.id !== id;
  const groupName = (gid: string) => groups.data?.find((g) => g.id === gid)?.name ?? gid;
  return (
    <>
      <Link href="/users" className="mb-4 inline-block rounded text-sm text-blue-800 hover:underline">
        ← All users
      </Link>
      {query.isPending ? (
        <LoadingBlock label={`Loading user ${id}…`} lines={6} />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => query.refetch()} />
      ) : (
        <>
          <PageHeader title={userName(user!)} description={`User ${user!.id}`} />
          {manages && !editing && (
            <button
              type="button"
              onClick={() => setEditing(true)}
              className="mb-4 rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800"
            >
              Edit user
            </button>
          )}
          {editing && (
            <div className="mb-6">
              <UserEdit user={user!} onDone={() => setEditing(false)} />
            </div>
          )}
          <div className="grid gap-6 lg:grid-cols-2">
            <section aria-labelledby="user-summary" className="rounded-lg border border-slate-200 bg-white p-5">
              <h2 id="user-summary" className="mb-3 text-lg font-semibold">
                Account
              </h2>
              <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
                <dt className="text-slate-500">Roles</dt>
                <dd>
                  <ul className="flex flex-wrap gap-1" aria-label="Roles">
                    {user!.roles.map((r) => (
                      <li key={r} className="rounded bg-slate-100 px-2 py-0.5 text-xs font-medium">
                        <Link href="/roles" className="hover:underline">
                          {roleWords(r)}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </dd>
                <dt className="text-slate-500">Groups</dt>
                <dd>
                  {user!.groups.length === 0 ? (
                    "None"
                  ) : (
                    <ul className="flex flex-wrap gap-1" aria-label="Groups">
                      {user!.groups.map((g) => (
                        <li key={g}>
                          {principal.can("GROUP_LIST") ? (
                            <Link href={`/groups/${encodeURIComponent(g)}`} className="text-blue-800 hover:underline">
                              {groupName(g)}
                            </Link>
                          ) : (
                            g
                          )}
                        </li>
                      ))}
                    </ul>
                  )}
                </dd>
                <dt className="text-slate-500">Created</dt>
                <dd>{formatDateTime(user!.created)}</dd>
                <dt className="text-slate-500">Updated</dt>
                <dd>{formatDateTime(user!.updated)}</dd>
              </dl>
            </section>
            <ProfileSection
              userId={user!.id}
              editable={principal.can("USER_CREATE") || principal.user?.id === user!.id}
            />
          </div>
          <CredentialsSection user={user!} />
          {manages && (
            <div className="mt-6">
              <UserErase user={user!} />
            </div>
          )}
        </>
      )}
    </>
  );
}
