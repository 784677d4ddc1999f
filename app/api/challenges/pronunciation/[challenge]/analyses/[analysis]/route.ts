import { otherMethods } from "@/lib/api/other-methods";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { getAnalysis } from "@/lib/challenges/pronunciation/analyses";
import { ANALYSIS_RESOURCE, analysisSchema } from "@/lib/challenges/pronunciation/schemas";
import { db } from "@/lib/db/client";

// GET /api/challenges/pronunciation/:challenge/analyses/:analysis
export const GET = withApi<{ challenge: string; analysis: string }>(
  {
    policy: "submission",
    in: "organisation",
    permission: "AUDIO_ANALYSIS_LIST",
    resource: ANALYSIS_RESOURCE,
    responses: { 200: analysisSchema },
  },
  async ({ principal, params }) =>
    json(analysisSchema, await getAnalysis(db(), principal, params.challenge, params.analysis)),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
