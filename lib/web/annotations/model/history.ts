import type { Item } from "./types";

// The draft's undo and redo: each step keeps the items as they were before an edit and a
// label naming the edit ("Delete Words “cat”"). Consecutive edits with the same coalescing
// key (a drag's many moves of one fragment, typing in one label) within COALESCE_MS of each
// other are one step. Pure, so the rules are unit-tested (history.test.ts).

export type Step = { label: string; items: Item[] };
export type DraftState = {
  items: Item[];
  past: Step[];
  future: Step[];
  /** The key and time of the last recorded edit, for coalescing. */
  lastKey: string | null;
  lastAt: number;
};

/** Gaps between a drag's moves are far shorter; typing pauses longer than this start a new step. */
export const COALESCE_MS = 1000;
/** Steps kept; the oldest are dropped past this. */
export const MAX_STEPS = 200;

export const emptyHistory = (items: Item[] = []): DraftState => ({
  items,
  past: [],
  future: [],
  lastKey: null,
  lastAt: 0,
});

/** Applies an edit as one undo step (or, with the same `key` as the last within COALESCE_MS, as part of it). */
export function edit(
  state: DraftState,
  label: string,
  fn: (items: Item[]) => Item[],
  key: string | null,
  now: number,
): DraftState {
  const next = fn(state.items);
  if (next === state.items) return state;
  const coalesce = key !== null && key === state.lastKey && now - state.lastAt <= COALESCE_MS && state.past.length > 0;
  const past = coalesce ? state.past : [...state.past, { label, items: state.items }].slice(-MAX_STEPS);
  return { items: next, past, future: [], lastKey: key, lastAt: now };
}

export function undo(state: DraftState): DraftState {
  const step = state.past[state.past.length - 1];
  if (!step) return state;
  return {
    items: step.items,
    past: state.past.slice(0, -1),
    future: [...state.future, { label: step.label, items: state.items }],
    lastKey: null,
    lastAt: 0,
  };
}

export function redo(state: DraftState): DraftState {
  const step = state.future[state.future.length - 1];
  if (!step) return state;
  return {
    items: step.items,
    past: [...state.past, { label: step.label, items: state.items }],
    future: state.future.slice(0, -1),
    lastKey: null,
    lastAt: 0,
  };
}

/** The label of the step undo would revert, and of the one redo would apply. */
export const undoLabel = (state: DraftState): string | null => state.past[state.past.length - 1]?.label ?? null;
export const redoLabel = (state: DraftState): string | null => state.future[state.future.length - 1]?.label ?? null;
