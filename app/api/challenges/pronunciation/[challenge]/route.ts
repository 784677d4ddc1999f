import { otherMethods } from "@/lib/api/other-methods";
import { json, noContent } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import {
  deleteChallenge,
  getChallenge,
  updateChallenge,
} from "@/lib/challenges/pronunciation/pronunciation-challenges";
import { CHALLENGE_RESOURCE, challengeSchema, updateChallengeSchema } from "@/lib/challenges/pronunciation/schemas";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { storage } from "@/lib/storage/storage";

type Params = { challenge: string };

// GET /api/challenges/pronunciation/:challenge
export const GET = withApi<Params>(
  {
    policy: "challenge",
    in: "organisation",
    permission: "CHALLENGE_LIST",
    resource: CHALLENGE_RESOURCE,
    responses: { 200: challengeSchema },
  },
  async ({ principal, params }) => json(challengeSchema, await getChallenge(db(), principal, params.challenge)),
);

// PUT /api/challenges/pronunciation/:challenge (multipart, JSON or form-encoded; all optional:
// transcription, referenceAudio (file), status, language, alignment (JSON part))
export const PUT = withApi<Params, typeof updateChallengeSchema>(
  {
    policy: "challenge",
    in: "organisation",
    permission: "CHALLENGE_EDIT",
    resource: CHALLENGE_RESOURCE,
    body: updateChallengeSchema,
    files: ["referenceAudio"],
    responses: { 200: { body: challengeSchema, headers: ["Location"] } },
  },
  async ({ principal, params, body, files }) => {
    const challenge = await updateChallenge(db(), storage(), principal, params.challenge, body, files);
    return json(challengeSchema, challenge, {
      headers: { Location: `${config().apiBaseUrl}/challenges/pronunciation/${challenge.id}` },
    });
  },
);

// DELETE /api/challenges/pronunciation/:challenge
export const DELETE = withApi<Params>(
  {
    policy: "challenge",
    in: "organisation",
    permission: "CHALLENGE_DELETE",
    resource: CHALLENGE_RESOURCE,
    responses: { 204: null },
  },
  async ({ principal, params }) => {
    await deleteChallenge(db(), storage(), principal, params.challenge);
    return noContent();
  },
);

export const { POST, PATCH } = otherMethods("GET", "PUT", "DELETE");
