import { otherMethods } from "@/lib/api/other-methods";
import { withApi } from "@/lib/api/with-api";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { readiness, readinessSchema } from "@/lib/health/health";
import { recognitionStatus } from "@/lib/recognition/status";
import { storage } from "@/lib/storage/storage";

// GET /api/health
export const GET = withApi(
  {
    policy: "public",
    public: true,
    resource: "Health",
    responses: {
      200: readinessSchema,
      503: { body: readinessSchema, description: "The database or the storage is unreachable" },
    },
  },
  async () => {
    const result = {
      ...(await readiness(db(), config().databaseKind, storage())),
      recognition: await recognitionStatus(),
    };
    return Response.json(readinessSchema.parse(result), {
      status: result.status === "ok" ? 200 : 503,
      headers: { "Cache-Control": "no-store" },
    });
  },
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
