import { downloadResponses } from "@/lib/api/doc";
import { otherMethods } from "@/lib/api/other-methods";
import { withApi } from "@/lib/api/with-api";
import { db } from "@/lib/db/client";
import { downloadHeaders, serveFile } from "@/lib/downloads/serve";
import { combinedFiles } from "@/lib/recordings/combined-files";
import { resultSetInScope } from "@/lib/recordings/result-sets";
import { storage } from "@/lib/storage/storage";

// GET /api/resultsets/:resultSet/audio: the set's combined audio, one single-stream Ogg Opus
// of all its recordings in order (built when stale, then cached); Range and ETag as any download.
export const GET = withApi<{ resultSet: string }>(
  {
    policy: "submission",
    in: "organisation",
    permission: "DOWNLOAD",
    resource: "ResultSet",
    responses: downloadResponses,
  },
  async ({ req, principal, params, tokenFromQuery }) => {
    const set = await resultSetInScope(db(), principal, params.resultSet);
    const { audio } = await combinedFiles(db(), storage(), set.pk);
    return serveFile(req, audio, storage(), downloadHeaders(tokenFromQuery));
  },
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
