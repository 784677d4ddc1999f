import { otherMethods } from "@/lib/api/other-methods";
import { nextLink } from "@/lib/api/pagination";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { createAnalysis, listAnalyses } from "@/lib/challenges/pronunciation/analyses";
import {
  ANALYSIS_RESOURCE,
  analysisSchema,
  createAnalysisSchema,
  listAnalysesQuery,
} from "@/lib/challenges/pronunciation/schemas";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { storage } from "@/lib/storage/storage";

type Params = { challenge: string };

// POST /api/challenges/pronunciation/:challenge/analyses (multipart: id?, audio, console?,
// pruningLevel?, score?, words? (JSON part)); created as the current user
export const POST = withApi<Params, typeof createAnalysisSchema>(
  {
    policy: "submission",
    in: "organisation",
    permission: "AUDIO_ANALYSIS_CREATE",
    resource: ANALYSIS_RESOURCE,
    body: createAnalysisSchema,
    files: ["audio"],
    responses: { 201: { body: analysisSchema, headers: ["Location"] } },
  },
  async ({ principal, params, body, files }) => {
    const analysis = await createAnalysis(db(), storage(), principal, params.challenge, body, files);
    return json(analysisSchema, analysis, {
      status: 201,
      headers: {
        Location: `${config().apiBaseUrl}/challenges/pronunciation/${params.challenge}/analyses/${analysis.id}`,
      },
    });
  },
);

// GET /api/challenges/pronunciation/:challenge/analyses[?userId=...]
export const GET = withApi<Params, undefined, typeof listAnalysesQuery>(
  {
    policy: "submission",
    in: "organisation",
    permission: "AUDIO_ANALYSIS_LIST",
    resource: ANALYSIS_RESOURCE,
    query: listAnalysesQuery,
    responses: { 200: { body: analysisSchema.array(), headers: ["Link"] } },
  },
  async ({ req, principal, params, query }) => {
    const page = await listAnalyses(db(), principal, params.challenge, query);
    return json(analysisSchema.array(), page.items, { headers: nextLink(req, page.nextCursor) });
  },
);

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
