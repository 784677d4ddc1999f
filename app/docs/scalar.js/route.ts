import fs from "node:fs/promises";
import path from "node:path";

// Scalar's self-contained browser bundle, served from our own origin: the reference page
// loads nothing from a CDN (these machines, and many installations, have no internet).
const BUNDLE = path.join(process.cwd(), "node_modules/@scalar/api-reference/dist/browser/standalone.js");
let cached: Promise<Buffer> | undefined;

export async function GET(): Promise<Response> {
  cached ??= fs.readFile(BUNDLE);
  const body = await cached;
  return new Response(new Uint8Array(body), {
    headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
