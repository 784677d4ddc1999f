import type { Storage } from "./core";

// Objects derived from a stored file (e.g. its spectrogram tiles) are cached in storage without
// rows of their own, under `<the file's key>-derived/<name>`: they count as referenced while the
// file's row exists (the orphan sweep keeps them) and are removed with the file's object.

const SUFFIX = "-derived/";

export function derivedKey(baseKey: string, name: string): string {
  return `${baseKey}${SUFFIX}${name}`;
}

/** The key a derived object belongs to, or null for an ordinary key. */
export function derivedBase(key: string): string | null {
  const at = key.lastIndexOf(SUFFIX);
  return at > 0 && !key.slice(at + SUFFIX.length).includes("/") ? key.slice(0, at) : null;
}

/** Deletes every object derived from `baseKey`. */
export async function deleteDerived(storage: Storage, baseKey: string): Promise<void> {
  const keys: string[] = [];
  for await (const object of storage.list(`${baseKey}${SUFFIX}`)) keys.push(object.key);
  for (const key of keys) await storage.delete(key);
}
