import { otherMethods } from "@/lib/api/other-methods";
import { json, noContent } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { wakeWorker } from "@/lib/bootstrap/background";
import {
  choiceChallengeInScope,
  deleteChoiceChallenge,
  toChoiceChallenge,
  updateChoiceChallenge,
} from "@/lib/challenges/choice/choice-challenges";
import { choiceChallengeSchema, updateChoiceChallengeSchema } from "@/lib/challenges/choice/schemas";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { storage } from "@/lib/storage/storage";

type Params = { challenge: string };

// GET /api/challenges/choice/:challenge
export const GET = withApi<Params>(
  {
    policy: "challenge",
    in: "organisation",
    permission: "CHOICE_CHALLENGE_LIST",
    resource: "ChoiceChallenge",
    responses: { 200: choiceChallengeSchema },
  },
  async ({ principal, params }) =>
    json(choiceChallengeSchema, toChoiceChallenge(await choiceChallengeInScope(db(), principal, params.challenge))),
);

// PUT /api/challenges/choice/:challenge
export const PUT = withApi<Params, typeof updateChoiceChallengeSchema>(
  {
    policy: "challenge",
    in: "organisation",
    permission: "CHALLENGE_EDIT",
    resource: "ChoiceChallenge",
    body: updateChoiceChallengeSchema,
    files: ["audio"],
    responses: { 200: { body: choiceChallengeSchema, headers: ["Location"] } },
  },
  async ({ principal, params, body, files }) => {
    const challenge = await updateChoiceChallenge(
      db(),
      storage(),
      principal,
      params.challenge,
      body,
      files.audio ?? [],
    );
    wakeWorker();
    return json(choiceChallengeSchema, challenge, {
      headers: { Location: `${config().apiBaseUrl}/challenges/choice/${challenge.id}` },
    });
  },
);

// DELETE /api/challenges/choice/:challenge
export const DELETE = withApi<Params>(
  {
    policy: "challenge",
    in: "organisation",
    permission: "CHOICE_CHALLENGE_DELETE",
    resource: "ChoiceChallenge",
    responses: { 204: null },
  },
  async ({ principal, params }) => {
    await deleteChoiceChallenge(db(), storage(), principal, params.challenge);
    return noContent();
  },
);

export const { POST, PATCH } = otherMethods("GET", "PUT", "DELETE");
