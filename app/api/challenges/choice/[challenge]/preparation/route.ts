import { otherMethods } from "@/lib/api/other-methods";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { requireAdministrator } from "@/lib/auth/principal";
import { preparationOf } from "@/lib/challenges/choice/choice-challenges";
import { preparationSchema } from "@/lib/challenges/choice/schemas";
import { db } from "@/lib/db/client";

// GET /api/challenges/choice/:challenge/preparation — for admins: state, failure reason, grammar artefact
export const GET = withApi<{ challenge: string }>(
  {
    policy: "challenge",
    in: "organisation",
    permission: "CHOICE_CHALLENGE_LIST",
    resource: "ChoiceChallenge",
    responses: { 200: preparationSchema },
  },
  async ({ principal, params }) => {
    requireAdministrator(principal);
    return json(preparationSchema, await preparationOf(db(), principal, params.challenge));
  },
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
