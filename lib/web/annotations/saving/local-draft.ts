import type { WireFragment } from "../model/types";

// Unsaved work kept in the browser (localStorage), per annotation and signed-in view, so a
// reload or a crash loses nothing. It remembers the version it was based on (its ETag and
// fragments): restored, it is edited and saved on top of that version, so when someone saved
// since, the save meets the conflict flow instead of overwriting them. Cleared after a save.

export type LocalDraft = {
  /** The ETag and version of the server state the draft started from. */
  etag: string;
  version: number;
  baseFragments: WireFragment[];
  fragments: WireFragment[];
  /** When it was last written (ISO 8601). */
  updated: string;
};

const PREFIX = "annotation-draft:v1:";
const keyOf = (scope: string, annotationId: number) => `${PREFIX}${scope}:${annotationId}`;

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null; // storage disabled (privacy settings)
  }
}

export function readLocalDraft(scope: string, annotationId: number): LocalDraft | null {
  const raw = storage()?.getItem(keyOf(scope, annotationId));
  if (!raw) return null;
  try {
    const draft = JSON.parse(raw) as LocalDraft;
    return typeof draft.etag === "string" && Array.isArray(draft.fragments) && Array.isArray(draft.baseFragments)
      ? draft
      : null;
  } catch {
    return null;
  }
}

/** False when the browser refused (full or disabled storage): the page then says drafts are not kept. */
export function writeLocalDraft(scope: string, annotationId: number, draft: LocalDraft): boolean {
  try {
    storage()?.setItem(keyOf(scope, annotationId), JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function clearLocalDraft(scope: string, annotationId: number): void {
  try {
    storage()?.removeItem(keyOf(scope, annotationId));
  } catch {
    // nothing to clear
  }
}
