import type { ReactNode } from "react";
import { AppShell } from "@/components/app-shell";
import { Providers } from "@/components/providers";
import { EarlyRequests } from "@/lib/web/early/early-script";
import { principalReads } from "@/lib/web/early/principal";
import { requireSession } from "@/lib/web/session/auth";

// Every app page: signed in (checked here, on the server) and inside the shell. The browser
// starts reading who the view is as it parses the page (lib/web/early/).
export default async function AppLayout({ children }: { children: ReactNode }) {
  const session = await requireSession();
  return (
    <Providers session={session}>
      <EarlyRequests plan={principalReads} />
      <AppShell>{children}</AppShell>
    </Providers>
  );
}
