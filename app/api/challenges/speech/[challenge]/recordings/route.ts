import { otherMethods } from "@/lib/api/other-methods";
import { nextLink } from "@/lib/api/pagination";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { createRecording, listRecordings } from "@/lib/recordings/recordings";
import {
  createRecordingSchema,
  listRecordingsQuery,
  RECORDING_RESOURCE,
  recordingSchema,
} from "@/lib/recordings/schemas";
import { storage } from "@/lib/storage/storage";

type Params = { challenge: string };

// POST /api/challenges/speech/:challenge/recordings (multipart: id?, audio, resultSetId);
// created as the current user, appended to the result set (created when unknown)
export const POST = withApi<Params, typeof createRecordingSchema>(
  {
    policy: "recording",
    in: "organisation",
    permission: "SPEECH_RECORDING_CREATE",
    resource: RECORDING_RESOURCE,
    body: createRecordingSchema,
    files: ["audio"],
    responses: { 201: { body: recordingSchema, headers: ["Location"] } },
  },
  async ({ principal, params, body, files }) => {
    const recording = await createRecording(db(), storage(), principal, params.challenge, body, files);
    return json(recordingSchema, recording, {
      status: 201,
      headers: {
        Location: `${config().apiBaseUrl}/challenges/speech/${encodeURIComponent(params.challenge)}/recordings/${encodeURIComponent(recording.id)}`,
      },
    });
  },
);

// GET /api/challenges/speech/:challenge/recordings[?userId=...]: students their own, teachers and administrators all
export const GET = withApi<Params, undefined, typeof listRecordingsQuery>(
  {
    policy: "recording",
    in: "organisation",
    permission: "SPEECH_RECORDING_LIST",
    resource: RECORDING_RESOURCE,
    query: listRecordingsQuery,
    responses: { 200: { body: recordingSchema.array(), headers: ["Link"] } },
  },
  async ({ req, principal, params, query }) => {
    const page = await listRecordings(db(), principal, params.challenge, query);
    return json(recordingSchema.array(), page.items, { headers: nextLink(req, page.nextCursor) });
  },
);

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
