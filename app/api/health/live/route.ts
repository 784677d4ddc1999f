import { z } from "zod";
import type { RouteDoc } from "@/lib/api/doc";
import { otherMethods } from "@/lib/api/other-methods";
import type { RouteRule } from "@/lib/api/with-api";

const liveSchema = z.object({ status: z.literal("ok") });

// GET /api/health/live: the process answers. Deliberately not through withApi, whose first call
// starts the app (database, seeding): a liveness probe must do no I/O and wait for nothing.
const rule: RouteRule = { auth: "public", policy: "public", in: null };
const doc: RouteDoc = {
  resource: "Health",
  responses: { 200: liveSchema },
  extension: true,
  summary: "Liveness probe: the process answers (no I/O)",
};

export const GET = Object.assign(
  async () => Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } }),
  { rule, doc },
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
