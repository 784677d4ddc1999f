import { otherMethods } from "@/lib/api/other-methods";
import { json, noContent } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { deleteSpeechChallenge } from "@/lib/challenges/speech/delete-speech-challenge";
import {
  SPEECH_CHALLENGE_FILES,
  SPEECH_CHALLENGE_RESOURCE,
  speechChallengeSchema,
  updateSpeechChallengeSchema,
} from "@/lib/challenges/speech/schemas";
import { getSpeechChallenge } from "@/lib/challenges/speech/speech-challenges";
import { updateSpeechChallenge } from "@/lib/challenges/speech/update-speech-challenge";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { storage } from "@/lib/storage/storage";

type Params = { challenge: string };

// GET /api/challenges/speech/:challenge
export const GET = withApi<Params>(
  {
    policy: "challenge",
    in: "organisation",
    permission: "CHALLENGE_LIST",
    resource: SPEECH_CHALLENGE_RESOURCE,
    responses: { 200: speechChallengeSchema },
  },
  async ({ principal, params }) =>
    json(speechChallengeSchema, await getSpeechChallenge(db(), principal, params.challenge)),
);

// PUT /api/challenges/speech/:challenge (JSON, form-encoded or multipart; all optional:
// topic, language, metadata, and the files referenceAudio, srt, image that replace the old ones)
export const PUT = withApi<Params, typeof updateSpeechChallengeSchema>(
  {
    policy: "challenge",
    in: "organisation",
    permission: "CHALLENGE_EDIT",
    resource: SPEECH_CHALLENGE_RESOURCE,
    body: updateSpeechChallengeSchema,
    files: SPEECH_CHALLENGE_FILES,
    responses: { 200: { body: speechChallengeSchema, headers: ["Location"] } },
  },
  async ({ principal, params, body, files }) => {
    const challenge = await updateSpeechChallenge(db(), storage(), principal, params.challenge, body, files);
    return json(speechChallengeSchema, challenge, {
      headers: { Location: `${config().apiBaseUrl}/challenges/speech/${challenge.id}` },
    });
  },
);

// DELETE /api/challenges/speech/:challenge
export const DELETE = withApi<Params>(
  {
    policy: "challenge",
    in: "organisation",
    permission: "CHALLENGE_DELETE",
    resource: SPEECH_CHALLENGE_RESOURCE,
    responses: { 204: null },
  },
  async ({ principal, params }) => {
    await deleteSpeechChallenge(db(), storage(), principal, params.challenge);
    return noContent();
  },
);

export const { POST, PATCH } = otherMethods("GET", "PUT", "DELETE");
