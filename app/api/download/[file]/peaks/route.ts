import { otherMethods } from "@/lib/api/other-methods";
import { withApi } from "@/lib/api/with-api";
import { db } from "@/lib/db/client";
import { audioPeaks } from "@/lib/downloads/peaks";
import { peaksResponses } from "@/lib/downloads/schemas";
import { downloadHeaders, serveFile } from "@/lib/downloads/serve";
import { storage } from "@/lib/storage/storage";

// GET /api/download/:file/peaks: the waveform peaks of an audio file (BBC audiowaveform v2,
// 10 ms per point); for an Ogg Opus upload kept as it was, made on the first request and kept.
export const GET = withApi<{ file: string }>(
  {
    policy: "file",
    permission: "DOWNLOAD",
    resource: "Peaks",
    responses: peaksResponses,
    extension: true,
    summary: "The waveform peaks of an audio file",
  },
  async ({ req, principal, params, tokenFromQuery }) => {
    const peaks = await audioPeaks(db(), storage(), principal, params.file);
    return serveFile(req, peaks, storage(), downloadHeaders(tokenFromQuery));
  },
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
