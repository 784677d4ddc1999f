import type { AnnotationOut, AssignmentOut, RecordingRef, SchemeOut } from "@/lib/annotations/schemas";

// The editor's shapes. On the wire a fragment is a time span with labels on several layers;
// in the editor each label is its own item in its layer's lane, in whole milliseconds (as the
// API keeps them), so lanes, drags and checks work per layer without rounding drift.

export type Annotation = AnnotationOut;
export type Assignment = AssignmentOut;
export type RecordingRefOut = RecordingRef;
export type SchemeLayer = SchemeOut["layers"][number];
export type Scheme = SchemeOut;

export type WireLabel = { layer: string; label: string; comment: string };
export type WireFragment = { start: number; end: number; labels: WireLabel[] };

/** One label of one fragment: what a lane draws. */
export type Item = { id: string; layer: string; label: string; comment: string; startMs: number; endMs: number };

/** The caller's part in an assignment, as the API decides it (admin > full > base). */
export type Role = "admin" | "full" | "base" | "none";

/** A check the API would refuse, on one item (or the whole annotation when itemId is null). */
export type Problem = { itemId: string | null; message: string };
