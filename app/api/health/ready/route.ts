import { otherMethods } from "@/lib/api/other-methods";
import { withApi } from "@/lib/api/with-api";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { readiness, readinessSchema } from "@/lib/health/health";
import { checkMigrations } from "@/lib/health/migrations";
import { isDraining } from "@/lib/server/lifecycle.mjs";
import { storage } from "@/lib/storage/storage";

// GET /api/health/ready: 200 when the database and the storage answer and every shipped
// migration is applied; 503 otherwise, and while the process drains (lib/server/lifecycle.mjs, set on SIGTERM by scripts/http-server.mjs).
export const GET = withApi(
  {
    policy: "public",
    public: true,
    resource: "Health",
    responses: {
      200: readinessSchema,
      503: { body: readinessSchema, description: "Not ready: a check failed, or the process is draining" },
    },
    extension: true,
    summary: "Readiness probe: database and storage reachable, migrations applied, not draining",
  },
  async () => {
    const cfg = config();
    const draining = isDraining();
    const [base, migrations] = await Promise.all([
      readiness(db(), cfg.databaseKind, storage()),
      checkMigrations(db(), cfg.databaseKind),
    ]);
    const ok = base.status === "ok" && migrations.ok && !draining;
    const body = { ...base, status: ok ? ("ok" as const) : ("unavailable" as const), migrations, draining };
    return Response.json(readinessSchema.parse(body), {
      status: ok ? 200 : 503,
      headers: { "Cache-Control": "no-store" },
    });
  },
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
