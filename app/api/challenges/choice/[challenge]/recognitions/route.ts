import { z } from "zod";
import { otherMethods } from "@/lib/api/other-methods";
import { nextLink, pageQuery } from "@/lib/api/pagination";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { createRecognition, listRecognitions } from "@/lib/challenges/choice/recognitions";
import { createRecognitionSchema, recognitionSchema } from "@/lib/challenges/choice/schemas";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { requireFile } from "@/lib/media/audio-upload";
import { storage } from "@/lib/storage/storage";

type Params = { challenge: string };

// POST /api/challenges/choice/:challenge/recognitions
export const POST = withApi<Params, typeof createRecognitionSchema>(
  {
    policy: "submission",
    in: "organisation",
    permission: "AUDIO_RECOGNITION_CREATE",
    resource: "ChoiceRecognition",
    body: createRecognitionSchema,
    files: ["audio"],
    responses: { 201: { body: recognitionSchema, headers: ["Location"] } },
  },
  async ({ principal, params, body, files }) => {
    const audio = requireFile(files, "audio", "ChoiceRecognition");
    const recognition = await createRecognition(db(), storage(), principal, params.challenge, body, audio);
    const location = `${config().apiBaseUrl}/challenges/choice/${params.challenge}/recognitions/${recognition.id}`;
    return json(recognitionSchema, recognition, { status: 201, headers: { Location: location } });
  },
);

// GET /api/challenges/choice/:challenge/recognitions
export const GET = withApi<Params, undefined, z.ZodObject<typeof pageQuery>>(
  {
    policy: "submission",
    in: "organisation",
    permission: "AUDIO_RECOGNITION_LIST",
    resource: "ChoiceRecognition",
    query: z.object(pageQuery),
    responses: { 200: { body: recognitionSchema.array(), headers: ["Link"] } },
  },
  async ({ req, principal, params, query }) => {
    const page = await listRecognitions(db(), principal, params.challenge, query);
    return json(recognitionSchema.array(), page.items, { headers: nextLink(req, page.nextCursor) });
  },
);

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
