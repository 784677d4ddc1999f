"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import type { ComponentProps } from "react";

// A link that prefetches its page when the reader reaches for it (hover or focus), not when it
// scrolls into view: the navigation's links are on every page, and prefetching all of them at
// load competed with the page's own reads and rendering (bench/web/progress-grid-bench.ts,
// BENCH_TRACE=1 shows the requests).
export function IntentLink({
  href,
  onMouseEnter,
  onFocus,
  ...props
}: Omit<ComponentProps<typeof Link>, "prefetch" | "href"> & { href: string }) {
  const router = useRouter();
  return (
    <Link
      {...props}
      href={href}
      prefetch={false}
      onMouseEnter={(event) => {
        router.prefetch(href);
        onMouseEnter?.(event);
      }}
      onFocus={(event) => {
        router.prefetch(href);
        onFocus?.(event);
      }}
    />
  );
}
