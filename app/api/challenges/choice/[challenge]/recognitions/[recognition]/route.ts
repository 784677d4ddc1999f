import { otherMethods } from "@/lib/api/other-methods";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { getRecognition } from "@/lib/challenges/choice/recognitions";
import { recognitionSchema } from "@/lib/challenges/choice/schemas";
import { db } from "@/lib/db/client";

// GET /api/challenges/choice/:challenge/recognitions/:recognition
export const GET = withApi<{ challenge: string; recognition: string }>(
  {
    policy: "submission",
    in: "organisation",
    permission: "AUDIO_RECOGNITION_LIST",
    resource: "ChoiceRecognition",
    responses: { 200: recognitionSchema },
  },
  async ({ principal, params }) =>
    json(recognitionSchema, await getRecognition(db(), principal, params.challenge, params.recognition)),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
