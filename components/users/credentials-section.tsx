"use client";
import { useState } from "react";
import type { CreatedCredential } from "@/lib/credentials/schemas";
import type { User } from "@/lib/users/schemas";
import { formatDateTime } from "@/lib/web/ui/display-format";
import {
  type CredentialKind,
  useCredentials,
  useDeleteCredential,
  useResetPassword,
} from "@/lib/web/users/use-credentials";
import { OneTimeSecret } from "../admin/one-time-secret";
import { Button } from "../button";
import { ErrorState, LoadingBlock } from "../states";
import { CredentialForm } from "./credential-form";

// How the user signs in: usernames (unique in this organisation) and email addresses, each
// with its password. New passwords are made in the browser and shown once.
export function CredentialsSection({ user }: { user: User }) {
  const query = useCredentials(user.id);
  const remove = useDeleteCredential(user);
  const reset = useResetPassword(user);
  const [newPassword, setNewPassword] = useState<CreatedCredential | null>(null);
  const rows = query.data
    ? [
        ...query.data.basicauths.map((b) => ({
          kind: "basic" as CredentialKind,
          name: b.username,
          created: b.created,
        })),
        ...query.data.emailauths.map((e) => ({ kind: "email" as CredentialKind, name: e.email, created: e.created })),
      ]
    : [];
  return (
    <section aria-labelledby="credentials-heading" className="mt-6 rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="credentials-heading" className="text-lg font-semibold">
        Sign-in credentials
      </h2>
      <p className="mt-1 mb-4 max-w-3xl text-sm text-slate-600">
        Passwords are stored only as hashes: nobody can read them back. A forgotten password is reset here: the new one
        is shown once, and the old one and every sign-in of this user stop working. Username credentials and deletions
        are made by acting as this user for a moment; your own view does not change.
      </p>
      {query.isPending ? (
        <LoadingBlock lines={2} />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => query.refetch()} title="The credentials could not be loaded" />
      ) : rows.length === 0 ? (
        <p className="mb-4 text-sm text-slate-600">This user has no credentials yet and cannot sign in.</p>
      ) : (
        <div className="mb-4 overflow-x-auto rounded-md border border-slate-200">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Credentials</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-xs text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-4 py-2">
                  Kind
                </th>
                <th scope="col" className="px-4 py-2">
                  Username or email
                </th>
                <th scope="col" className="hidden px-4 py-2 md:table-cell">
                  Added
                </th>
                <th scope="col" className="px-4 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={`${row.kind}:${row.name}`} className="border-b border-slate-100 last:border-0">
                  <td className="px-4 py-2">{row.kind === "basic" ? "Username" : "Email"}</td>
                  <td className="px-4 py-2 font-mono">{row.name}</td>
                  <td className="hidden px-4 py-2 md:table-cell">{formatDateTime(row.created)}</td>
                  <td className="px-4 py-2 text-right whitespace-nowrap">
                    {row.kind === "basic" && (
                      <Button
                        variant="ghost"
                        aria-label={`Reset password of ${row.name}`}
                        disabled={reset.isPending}
                        onClick={async () => {
                          if (
                            !window.confirm(
                              `Give ${row.name} a new password? The old one stops working, and ${user.firstName} is signed out everywhere.`,
                            )
                          )
                            return;
                          try {
                            setNewPassword(await reset.mutateAsync({ username: row.name }));
                          } catch {
                            // The refusal is shown by the mutation (a toast with the API's message).
                          }
                        }}
                      >
                        Reset password
                      </Button>
                    )}
                    <Button
                      variant="ghost"
                      aria-label={`Delete ${row.name}`}
                      disabled={remove.isPending}
                      onClick={() => {
                        if (
                          window.confirm(`Delete the credential ${row.name}? Its owner can no longer sign in with it.`)
                        )
                          remove.mutate({ kind: row.kind, name: row.name });
                      }}
                    >
                      Delete
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {newPassword && (
        <div className="mb-4">
          <OneTimeSecret login={newPassword.email} secret={newPassword.password} onDone={() => setNewPassword(null)} />
        </div>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <CredentialForm kind="basic" user={user} />
        <CredentialForm kind="email" user={user} />
      </div>
    </section>
  );
}
