// What people are shown for a person, a category or a challenge: the one place that turns them
// into words. Ids are for the API; when two items would read the same, a number tells them
// apart ("Kat (2)"), never an id.

type Person = { firstName: string; infix: string | null; lastName: string };

/** "Jan de Vries". */
export const personName = (u: Person) => [u.firstName, u.infix, u.lastName].filter(Boolean).join(" ");

const clip = (text: string, max = 60) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/** A category's name, or "Unnamed category" (never its id). */
export const categoryName = (c: { name?: string | null } | null | undefined) => c?.name?.trim() || "Unnamed category";

/** A speech challenge's topic, or "Challenge n" (its place in a list, 1-based). */
export const speechChallengeName = (c: { topic?: string | null }, index: number) =>
  clip(c.topic?.trim() || `Challenge ${index + 1}`);

/** A pronunciation challenge: the word or sentence to say. */
export const pronunciationChallengeName = (c: { transcription?: string | null }) =>
  clip(c.transcription?.trim() || "Untitled pronunciation challenge");

/** Names for a list, with "(2)", "(3)"… after the second and later items that would read the same. */
export function distinctNames(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return n === 1 ? name : `${name} (${n})`;
  });
}

/** Per category id, its name with its ancestors' ("Taal groep 5/6 › Spelling"), from a flat list of the organisation's categories. */
export function categoryPaths(
  list: readonly { id: string; name?: string | null; parent?: string | null }[],
): Map<string, string> {
  const byId = new Map(list.map((c) => [c.id, c]));
  const out = new Map<string, string>();
  const pathOf = (id: string, seen: Set<string>): string => {
    const known = out.get(id);
    if (known) return known;
    const c = byId.get(id)!;
    const parent = c.parent && byId.has(c.parent) && !seen.has(c.parent) ? c.parent : null;
    const path = parent ? `${pathOf(parent, new Set([...seen, id]))} › ${categoryName(c)}` : categoryName(c);
    out.set(id, path);
    return path;
  };
  for (const c of list) pathOf(c.id, new Set([c.id]));
  return out;
}
