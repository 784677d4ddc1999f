import { z } from "zod";

// The query fields of every paginated list. Kept apart from pagination.ts (server-only: it
// reads the config) so that domain schemas stay importable by the web app's forms.
export const pageQuery = {
  perPage: z.coerce.number().int().min(1).max(100).default(20),
  startCursor: z.string().max(500).optional(),
};
