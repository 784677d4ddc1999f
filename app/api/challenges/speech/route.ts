import { otherMethods } from "@/lib/api/other-methods";
import { nextLink } from "@/lib/api/pagination";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { createSpeechChallenge } from "@/lib/challenges/speech/create-speech-challenge";
import {
  createSpeechChallengeSchema,
  listSpeechChallengesQuery,
  SPEECH_CHALLENGE_FILES,
  SPEECH_CHALLENGE_RESOURCE,
  speechChallengeSchema,
} from "@/lib/challenges/speech/schemas";
import { listSpeechChallenges } from "@/lib/challenges/speech/speech-challenges";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { storage } from "@/lib/storage/storage";

// POST /api/challenges/speech (multipart: id?, topic?, language, referenceAudio?, srt?, image?, metadata?)
export const POST = withApi(
  {
    policy: "challenge",
    in: "organisation",
    permission: "CHALLENGE_CREATE",
    resource: SPEECH_CHALLENGE_RESOURCE,
    body: createSpeechChallengeSchema,
    files: SPEECH_CHALLENGE_FILES,
    responses: { 201: { body: speechChallengeSchema, headers: ["Location"] } },
  },
  async ({ principal, body, files }) => {
    const challenge = await createSpeechChallenge(db(), storage(), principal, body, files);
    return json(speechChallengeSchema, challenge, {
      status: 201,
      headers: { Location: `${config().apiBaseUrl}/challenges/speech/${challenge.id}` },
    });
  },
);

// GET /api/challenges/speech
export const GET = withApi(
  {
    policy: "challenge",
    in: "organisation",
    permission: "CHALLENGE_LIST",
    resource: SPEECH_CHALLENGE_RESOURCE,
    query: listSpeechChallengesQuery,
    responses: { 200: { body: speechChallengeSchema.array(), headers: ["Link"] } },
  },
  async ({ req, principal, query }) => {
    const page = await listSpeechChallenges(db(), principal, query);
    return json(speechChallengeSchema.array(), page.items, { headers: nextLink(req, page.nextCursor) });
  },
);

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
