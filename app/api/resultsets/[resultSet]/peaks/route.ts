import { downloadResponses } from "@/lib/api/doc";
import { otherMethods } from "@/lib/api/other-methods";
import { withApi } from "@/lib/api/with-api";
import { db } from "@/lib/db/client";
import { downloadHeaders, serveFile } from "@/lib/downloads/serve";
import { combinedFiles } from "@/lib/recordings/combined-files";
import { resultSetInScope } from "@/lib/recordings/result-sets";
import { storage } from "@/lib/storage/storage";

// GET /api/resultsets/:resultSet/peaks: waveform peaks of the combined audio (BBC audiowaveform
// v2 binary, 10 ms per pixel; the recordings' peaks concatenated), built and cached with it.
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
    const { peaks } = await combinedFiles(db(), storage(), set.pk);
    return serveFile(req, peaks, storage(), downloadHeaders(tokenFromQuery));
  },
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
