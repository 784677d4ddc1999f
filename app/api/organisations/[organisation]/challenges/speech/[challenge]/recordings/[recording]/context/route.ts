import {
  type ContextPath,
  getRecordingContext,
  RECORDING_CONTEXT_RESOURCE,
  recordingContextSchema,
} from "@/lib/annotations/context";
import { otherMethods } from "@/lib/api/other-methods";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { db } from "@/lib/db/client";

// GET /api/organisations/:organisation/challenges/speech/:challenge/recordings/:recording/context
export const GET = withApi<ContextPath>(
  {
    policy: "recording",
    authenticated: true,
    resource: RECORDING_CONTEXT_RESOURCE,
    responses: { 200: recordingContextSchema },
    summary:
      "What the annotation editor shows around a recording: the challenge's topic and prompt, the student (or a pseudonym), the duration and the audio",
  },
  async ({ principal, params }) => json(recordingContextSchema, await getRecordingContext(db(), principal, params)),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
