import { otherMethods } from "@/lib/api/other-methods";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { db } from "@/lib/db/client";
import { getRecording } from "@/lib/recordings/recordings";
import { RECORDING_RESOURCE, recordingSchema } from "@/lib/recordings/schemas";

// GET /api/challenges/speech/:challenge/recordings/:recording
export const GET = withApi<{ challenge: string; recording: string }>(
  {
    policy: "recording",
    in: "organisation",
    permission: "SPEECH_RECORDING_LIST",
    resource: RECORDING_RESOURCE,
    responses: { 200: recordingSchema },
  },
  async ({ principal, params }) =>
    json(recordingSchema, await getRecording(db(), principal, params.challenge, params.recording)),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
