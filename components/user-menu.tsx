"use client";
import { useQueryClient } from "@tanstack/react-query";
import { signOut, useSession } from "next-auth/react";
import { useState } from "react";
import { Button } from "./button";
import { Popover } from "./popover";

// Who is signed in, and sign-out (which revokes the session's API tokens on the server).
export function UserMenu() {
  const { data: session } = useSession();
  const queryClient = useQueryClient();
  const [signingOut, setSigningOut] = useState(false);
  const me = session?.stack[0];
  const onSignOut = async () => {
    setSigningOut(true);
    queryClient.clear();
    await signOut({ callbackUrl: "/sign-in" });
  };
  const current = session?.stack.at(-1);
  return (
    <Popover
      label={<span className="max-w-48 truncate">{me?.view ?? "Account"}</span>}
      variant="header"
      panelClassName="w-72"
    >
      {() => (
        <div className="space-y-3 text-sm">
          <div>
            <p className="text-xs text-slate-500 uppercase">Signed in as</p>
            <Who view={me} />
          </div>
          {session && session.stack.length > 1 && (
            <div>
              <p className="text-xs text-slate-500 uppercase">Viewing as</p>
              <Who view={current} />
            </div>
          )}
          <Button variant="danger" className="w-full" onClick={onSignOut} disabled={signingOut}>
            {signingOut ? "Signing out…" : "Sign out"}
          </Button>
        </div>
      )}
    </Popover>
  );
}

/** A view in words: the name, the role and place, and the ids as secondary text. */
function Who({ view }: { view?: { view: string; about?: string; ids?: string } }) {
  if (!view) return null;
  return (
    <>
      <p className="font-medium break-words">{view.view}</p>
      {view.about && <p className="break-words text-slate-700">{view.about}</p>}
      {view.ids && <p className="break-words text-xs text-slate-500">Id: {view.ids}</p>}
    </>
  );
}
