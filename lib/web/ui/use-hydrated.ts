"use client";
import { useSyncExternalStore } from "react";

// Whether this render comes after hydration. While React hydrates it answers false, as the
// server did; afterwards (and for anything mounted later) true. Needed because React may hydrate
// a Suspense boundary's content in a later pass, after the rest of the page has run its effects:
// by then the shared React Query cache can hold answers the server never had (React error #418).

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
