"use client";
import type { ReactNode } from "react";
import { ImpersonationBar } from "./impersonation-bar";
import { IntentLink } from "./intent-link";
import { MainNav } from "./main-nav";
import { UserMenu } from "./user-menu";
import { ViewSwitcher } from "./view-switcher";

// The frame of every signed-in page: whose view is active, navigation, switcher, account.
export function AppShell({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-screen">
      <a
        href="#main"
        className="sr-only rounded bg-white px-3 py-2 focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
      >
        Skip to content
      </a>
      {/* The navigation never prints (credential cards, progress): only the page's content does. */}
      <div className="print:hidden">
        <ImpersonationBar />
      </div>
      <header className="relative bg-slate-900 text-white print:hidden">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-2">
          <IntentLink href="/" className="flex items-center gap-2 rounded text-base font-semibold whitespace-nowrap">
            {/* eslint-disable-next-line @next/next/no-img-element -- a static SVG, nothing to optimise */}
            <img src="/logo.svg" alt="" width={24} height={24} />
            Speech training
          </IntentLink>
          <MainNav />
          <div className="ml-auto flex items-center gap-2">
            <ViewSwitcher />
            <UserMenu />
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-7xl px-4 py-6 print:max-w-none print:p-0">
        {children}
      </main>
    </div>
  );
}
