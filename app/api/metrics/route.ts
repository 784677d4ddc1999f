import { createHash, timingSafeEqual } from "node:crypto";
import { ApiError } from "@/lib/api/errors";
import { otherMethods } from "@/lib/api/other-methods";
import { withApi } from "@/lib/api/with-api";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { metrics } from "@/lib/metrics/registry";
import { policyRules } from "@/lib/policies/registry";

// GET /api/metrics: Prometheus text format. Top-level admins may read it, and so may
// `Authorization: Bearer $METRICS_TOKEN` when that variable is set; others get 401/403.
export const GET = withApi(
  {
    policy: "operator",
    optionalAuth: true,
    resource: "Metrics",
    responses: {
      200: {
        body: "binary",
        contentType: "text/plain; version=0.0.4",
        description: "Prometheus text exposition format",
      },
    },
    extension: true,
    summary: "Prometheus metrics (top-level admins or METRICS_TOKEN)",
  },
  async ({ req, optionalPrincipal }) => {
    const allowed = bearerIsMetricsToken(req) || policyRules.operator.read(optionalPrincipal);
    if (!allowed) {
      if (!optionalPrincipal)
        throw new ApiError("unauthorized", "Authentication is required", undefined, { "WWW-Authenticate": "Bearer" });
      throw new ApiError("forbidden", "Only top-level administrators may read the metrics");
    }
    await sampleQueue();
    const m = metrics();
    return new Response(await m.registry.metrics(), {
      headers: { "Content-Type": m.registry.contentType, "Cache-Control": "no-store" },
    });
  },
);

function bearerIsMetricsToken(req: Request): boolean {
  const expected = config().metricsToken;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.get("authorization") ?? "");
  if (!expected || !match) return false;
  // Compare digests: constant time, and equal lengths whatever was sent.
  const digest = (s: string) => createHash("sha256").update(s).digest();
  return timingSafeEqual(digest(match[1]), digest(expected));
}

/** Job queue depth and the age of the oldest waiting job, read at scrape time. */
async function sampleQueue(): Promise<void> {
  const m = metrics();
  const groups = await db().job.groupBy({
    by: ["status"],
    where: { status: { in: ["queued", "running"] } },
    _count: { _all: true },
    _min: { created: true },
  });
  m.queueDepth.reset();
  let oldest: Date | null = null;
  for (const status of ["queued", "running"]) m.queueDepth.set({ status }, 0);
  for (const g of groups) {
    m.queueDepth.set({ status: g.status }, g._count._all);
    if (g._min.created && (!oldest || g._min.created < oldest)) oldest = g._min.created;
  }
  m.oldestJob.set(oldest ? Math.max(0, (Date.now() - oldest.getTime()) / 1000) : 0);
}

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
