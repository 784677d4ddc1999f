import { otherMethods } from "@/lib/api/other-methods";
import { nextLink } from "@/lib/api/pagination";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { wakeWorker } from "@/lib/bootstrap/background";
import { createChoiceChallenge, listChoiceChallenges } from "@/lib/challenges/choice/choice-challenges";
import {
  choiceChallengeSchema,
  createChoiceChallengeSchema,
  listChoiceChallengesQuery,
} from "@/lib/challenges/choice/schemas";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { storage } from "@/lib/storage/storage";

// POST /api/challenges/choice
export const POST = withApi(
  {
    policy: "challenge",
    in: "organisation",
    permission: "CHOICE_CHALLENGE_CREATE",
    resource: "ChoiceChallenge",
    body: createChoiceChallengeSchema,
    files: ["audio"],
    responses: { 202: { body: choiceChallengeSchema, headers: ["Location"] } },
  },
  async ({ principal, body, files }) => {
    const challenge = await createChoiceChallenge(db(), storage(), principal, body, files.audio ?? []);
    wakeWorker();
    return json(choiceChallengeSchema, challenge, {
      status: 202,
      headers: { Location: `${config().apiBaseUrl}/challenges/choice/${challenge.id}` },
    });
  },
);

// GET /api/challenges/choice
export const GET = withApi(
  {
    policy: "challenge",
    in: "organisation",
    permission: "CHOICE_CHALLENGE_LIST",
    resource: "ChoiceChallenge",
    query: listChoiceChallengesQuery,
    responses: { 200: { body: choiceChallengeSchema.array(), headers: ["Link"] } },
  },
  async ({ req, principal, query }) => {
    const page = await listChoiceChallenges(db(), principal, query);
    return json(choiceChallengeSchema.array(), page.items, { headers: nextLink(req, page.nextCursor) });
  },
);

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
