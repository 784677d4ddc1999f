"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { visibleNav } from "@/lib/web/nav";
import { usePrincipal } from "@/lib/web/use-principal";
import { Skeleton } from "./states";

// The pages the current view may use.
export function MainNav() {
  const principal = usePrincipal();
  const pathname = usePathname();
  if (principal.isLoading) return <Skeleton className="h-5 w-48 bg-slate-700" />;
  return (
    <nav aria-label="Main">
      <ul className="flex flex-wrap gap-1">
        {visibleNav(principal).map((item) => {
          const current = item.href === "/" ? pathname === "/" : pathname.startsWith(item.href);
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                aria-current={current ? "page" : undefined}
                className={`block rounded-md px-3 py-2 text-sm ${current ? "bg-slate-700 font-semibold text-white" : "text-slate-200 hover:bg-slate-800"}`}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
