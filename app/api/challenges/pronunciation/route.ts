import { otherMethods } from "@/lib/api/other-methods";
import { nextLink } from "@/lib/api/pagination";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { createChallenge, listChallenges } from "@/lib/challenges/pronunciation/pronunciation-challenges";
import {
  CHALLENGE_RESOURCE,
  challengeSchema,
  createChallengeSchema,
  listChallengesQuery,
} from "@/lib/challenges/pronunciation/schemas";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { storage } from "@/lib/storage/storage";

// POST /api/challenges/pronunciation (multipart: id?, transcription, referenceAudio, language)
export const POST = withApi(
  {
    policy: "challenge",
    in: "organisation",
    permission: "CHALLENGE_CREATE",
    resource: CHALLENGE_RESOURCE,
    body: createChallengeSchema,
    files: ["referenceAudio"],
    responses: { 201: { body: challengeSchema, headers: ["Location"] } },
  },
  async ({ principal, body, files }) => {
    const challenge = await createChallenge(db(), storage(), principal, body, files);
    return json(challengeSchema, challenge, {
      status: 201,
      headers: { Location: `${config().apiBaseUrl}/challenges/pronunciation/${challenge.id}` },
    });
  },
);

// GET /api/challenges/pronunciation
export const GET = withApi(
  {
    policy: "challenge",
    in: "organisation",
    permission: "CHALLENGE_LIST",
    resource: CHALLENGE_RESOURCE,
    query: listChallengesQuery,
    responses: { 200: { body: challengeSchema.array(), headers: ["Link"] } },
  },
  async ({ req, principal, query }) => {
    const page = await listChallenges(db(), principal, query);
    return json(challengeSchema.array(), page.items, { headers: nextLink(req, page.nextCursor) });
  },
);

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
