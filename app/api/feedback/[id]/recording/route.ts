import { otherMethods } from "@/lib/api/other-methods";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { recordAttempt } from "@/lib/reading/record-attempt";
import { RECORDING_RESOURCE, recordingSchema } from "@/lib/recordings/schemas";
import { storage } from "@/lib/storage/storage";

// POST /api/feedback/:id/recording (ours: the attempt's audio copied into a speech recording of its student, to annotate; 201 made, 200 made before)
export const POST = withApi<{ id: string }>(
  {
    policy: "correction",
    in: "organisation",
    authenticated: true,
    resource: RECORDING_RESOURCE,
    responses: { 200: recordingSchema, 201: { body: recordingSchema, headers: ["Location"] } },
    extension: true,
    summary: "Prepare a reading attempt for annotation: its audio as a speech recording",
  },
  async ({ principal, params }) => {
    const { created, challengeId, recording } = await recordAttempt(db(), storage(), principal, params.id);
    return json(recordingSchema, recording, {
      status: created ? 201 : 200,
      headers: created
        ? {
            Location: `${config().apiBaseUrl}/challenges/speech/${encodeURIComponent(challengeId)}/recordings/${encodeURIComponent(recording.id)}`,
          }
        : undefined,
    });
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
