import type { ReactNode } from "react";
import { AppShell } from "@/components/app-shell";
import { requireSession } from "@/lib/web/auth";
import { Providers } from "@/lib/web/query-provider";

// Every app page: signed in (checked here, on the server) and inside the shell.
export default async function AppLayout({ children }: { children: ReactNode }) {
  const session = await requireSession();
  return (
    <Providers session={session}>
      <AppShell>{children}</AppShell>
    </Providers>
  );
}
