import { db } from "@/lib/db/client";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { otherMethods } from "@/lib/api/other-methods";
import { getRecordingContext, RECORDING_CONTEXT_RESOURCE, recordingContextSchema, type ContextPath } from "@/lib/annotations/context";

// GET /api/organisations/:organisation/challenges/speech/:challenge/recordings/:recording/context
export const GET = withApi<ContextPath>(
  {
    policy: "recording",
    authenticated: true,
    resource: RECORDING_CONTEXT_RESOURCE,
    responses: { 200: recordingContextSchema },
    summary: "What the annotation editor shows around a recording: the challenge's topic and prompt, the student (or a pseudonym), the duration and the audio",
  },
  async ({ principal, params }) => json(recordingContextSchema, await getRecordingContext(db(), principal, params)),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
