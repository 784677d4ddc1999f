import { downloadResponses } from "@/lib/api/doc";
import { otherMethods } from "@/lib/api/other-methods";
import { withApi } from "@/lib/api/with-api";
import { db } from "@/lib/db/client";
import { downloadHeaders, serveFile } from "@/lib/downloads/serve";
import { policyRules } from "@/lib/policies/registry";
import { storage } from "@/lib/storage/storage";

// GET /api/download/:file
export const GET = withApi<{ file: string }>(
  { policy: "file", permission: "DOWNLOAD", resource: "File", responses: downloadResponses },
  async ({ req, principal, params, tokenFromQuery }) => {
    const file = await policyRules.file.download(db(), principal, params.file);
    return serveFile(req, file, storage(), downloadHeaders(tokenFromQuery));
  },
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
