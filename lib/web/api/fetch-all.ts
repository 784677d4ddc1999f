import { type ApiRequest, apiFetch } from "./api-client";

// Whole lists from the API's paginated endpoints (pages of 100, following the `Link`
// header's cursor), and a small pool for running many requests a few at a time.

const PER_PAGE = 100;

/** Every page of a paginated list. */
export async function fetchAll<T>(path: string, signal?: AbortSignal, query: ApiRequest["query"] = {}): Promise<T[]> {
  const items: T[] = [];
  let startCursor: string | undefined;
  do {
    const page = await apiFetch<T[]>(path, { signal, query: { ...query, perPage: PER_PAGE, startCursor } });
    items.push(...page.data);
    startCursor = page.nextCursor ?? undefined;
  } while (startCursor);
  return items;
}

/** `work` over `items`, at most `limit` at a time; the results in the items' order. */
export async function inParallel<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const run = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, run));
  return out;
}
