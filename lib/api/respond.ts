import type { z } from "zod";

// Responses are serialised through their zod schema so internal columns never leak.
export function json<S extends z.ZodType>(
  schema: S,
  data: z.input<S>,
  init: { status?: number; headers?: Record<string, string> } = {},
): Response {
  return Response.json(schema.parse(data), { status: init.status ?? 200, headers: init.headers });
}

export const noContent = (): Response => new Response(null, { status: 204 });
