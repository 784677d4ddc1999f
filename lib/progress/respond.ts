import type { Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { progressCsv } from "./csv";
import { progressGridJson } from "./grid";
import type { ProgressGridQuery, ProgressQuery } from "./schemas";
import { planProgress, progressJson } from "./stream-progress";

// GET /categories/:category/progress's answer as a streamed Response: everything that can fail
// with a status (the category, the caller's rights, the users) is settled first; then the
// body is produced while it is read (pull-based, so a slow client slows the reads down instead
// of piling the answer up in memory), in chunks of about CHUNK_BYTES.

// A piece of this size or more (one user's entry over many challenges) goes out as it is, uncopied.
const CHUNK_BYTES = 32 * 1024;

/** A byte stream of the generator's pieces (text or UTF-8 bytes), written in chunks of at least CHUNK_BYTES (the last may be shorter). */
export function textStream(pieces: AsyncGenerator<string | Uint8Array>): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const chunk: Uint8Array[] = [];
      let size = 0;
      while (size < CHUNK_BYTES) {
        const next = await pieces.next();
        if (next.done) {
          if (size) controller.enqueue(Buffer.concat(chunk, size));
          controller.close();
          return;
        }
        const piece = typeof next.value === "string" ? Buffer.from(next.value) : next.value;
        chunk.push(piece);
        size += piece.length;
      }
      controller.enqueue(chunk.length === 1 ? chunk[0]! : Buffer.concat(chunk, size));
    },
    async cancel() {
      await pieces.return(undefined);
    },
  });
}

/** The generator with its first `n` pieces already produced (so that their failures are thrown here, before a status is sent). */
export async function primed<T>(pieces: AsyncGenerator<T>, n: number): Promise<AsyncGenerator<T>> {
  const head: T[] = [];
  for (let i = 0; i < n; i++) {
    const next = await pieces.next();
    if (next.done) break;
    head.push(next.value);
  }
  return (async function* () {
    yield* head;
    yield* pieces;
  })();
}

/** Whether the Accept header prefers text/csv to JSON (by q-value, then by order; JSON when it names neither). */
export function wantsCsv(accept: string): boolean {
  let best: { csv: boolean; q: number } | null = null;
  for (const part of accept.split(",")) {
    const [type, ...params] = part.trim().toLowerCase().split(";");
    const csv = type === "text/csv";
    if (!csv && type !== "application/json" && type !== "*/*" && type !== "application/*") continue;
    const q = Number(
      params
        .map((p) => p.trim())
        .find((p) => p.startsWith("q="))
        ?.slice(2) ?? 1,
    );
    if (!(q > 0)) continue;
    if (!best || q > best.q) best = { csv, q };
  }
  return best?.csv ?? false;
}

/** A file name part of plain letters, digits and dashes ("Taal groep 5/6" → "taal-groep-5-6"). */
const safeName = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);

/** The CSV's file name: the category's name (never its id) and today's date. */
export function csvFileName(categoryName: string | null, now = new Date()): string {
  return `progress-${safeName(categoryName ?? "") || "category"}-${now.toISOString().slice(0, 10)}.csv`;
}

export async function progressResponse(
  db: Db,
  caller: Principal,
  categoryId: string,
  query: ProgressQuery,
  accept: string,
): Promise<Response> {
  const plan = await planProgress(db, caller, categoryId, query);
  if (wantsCsv(accept)) {
    return new Response(textStream(await primed(progressCsv(db, plan, query.timeZone), 2)), {
      status: 200,
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${csvFileName(plan.categoryName)}"`,
      },
    });
  }
  // "[" and the first entry: the first block's read has succeeded when the status is sent.
  return new Response(textStream(await primed(progressJson(db, plan), 2)), {
    status: 200,
    headers: { "Content-Type": "application/json" },
  });
}

export async function progressGridResponse(
  db: Db,
  caller: Principal,
  categoryId: string,
  query: ProgressGridQuery,
): Promise<Response> {
  const plan = await planProgress(db, caller, categoryId, query);
  return new Response(textStream(await primed(progressGridJson(db, plan, { from: query.from, to: query.to }), 2)), {
    status: 200,
    headers: { "Content-Type": "application/json" },
  });
}
