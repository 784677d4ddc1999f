"use client";
import { useSyncExternalStore } from "react";

// Toasts: a tiny store outside React so any hook or handler can raise one.

export type Toast = { id: number; kind: "success" | "error"; message: string };

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

function show(kind: Toast["kind"], message: string): number {
  const id = nextId++;
  toasts = [...toasts.slice(-4), { id, kind, message }];
  emit();
  // Failures stay longer: people need time to read what went wrong.
  setTimeout(() => dismiss(id), kind === "error" ? 10_000 : 5_000);
  return id;
}

export function dismiss(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

export const toast = {
  success: (message: string) => show("success", message),
  error: (message: string) => show("error", message),
};

const EMPTY: Toast[] = [];
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export const useToasts = (): Toast[] =>
  useSyncExternalStore(
    subscribe,
    () => toasts,
    () => EMPTY,
  );
