"use client";
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { Session } from "next-auth";
import { SessionProvider, signOut } from "next-auth/react";
import { type ReactNode, useState } from "react";
import { Toaster } from "@/components/toaster";
import { ApiRequestError } from "@/lib/web/api/api-client";
import { AUTH_BASE_PATH } from "@/lib/web/session/session";

// Client-side providers of every page: the session (next-auth, served under /auth),
// React Query, and the toaster.

const isClientError = (error: unknown) => error instanceof ApiRequestError && error.status >= 400 && error.status < 500;

let signingOut = false;

function onApiError(error: unknown) {
  // The API token was revoked or has expired: the session is worthless, start again (once).
  if (!(error instanceof ApiRequestError) || error.status !== 401 || signingOut) return;
  signingOut = true;
  void signOut({ callbackUrl: "/sign-in?expired=1" });
}

function makeQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onError: onApiError }),
    mutationCache: new MutationCache({ onError: onApiError }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not change by asking again; network trouble and 5xx get one more try.
        retry: (failures, error) => !isClientError(error) && failures < 1,
      },
      mutations: { retry: false },
    },
  });
}

export function Providers({ session, children }: { session: Session | null; children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  return (
    <SessionProvider session={session} basePath={AUTH_BASE_PATH} refetchOnWindowFocus={false}>
      <QueryClientProvider client={queryClient}>
        {children}
        <Toaster />
      </QueryClientProvider>
    </SessionProvider>
  );
}
