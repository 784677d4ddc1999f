import { buildDocument } from "./document";

// The document is built once per process and base URL (it depends only on the code).
const cache = new Map<string, Promise<Record<string, unknown>>>();

export function openApiDocument(apiBaseUrl: string): Promise<Record<string, unknown>> {
  let doc = cache.get(apiBaseUrl);
  if (!doc) {
    doc = buildDocument(apiBaseUrl).catch((error) => {
      cache.delete(apiBaseUrl);
      throw error;
    });
    cache.set(apiBaseUrl, doc);
  }
  return doc;
}
