import { otherMethods } from "@/lib/api/other-methods";
import { withApi } from "@/lib/api/with-api";
import { db } from "@/lib/db/client";
import { spectrogramQuery, spectrogramResponses } from "@/lib/downloads/schemas";
import { downloadHeaders, serveFile } from "@/lib/downloads/serve";
import { spectrogramTile } from "@/lib/downloads/spectrogram";
import { storage } from "@/lib/storage/storage";

// GET /api/download/:file/spectrogram?tile=N&v=V: a 10-second tile of the spectrogram of the audio
// file's normalised audio, made once and kept in storage; cached by the browser for good (a
// tile never changes: the ETag names the audio's hash and the format version).
export const GET = withApi<{ file: string }, undefined, typeof spectrogramQuery>(
  {
    policy: "file",
    permission: "DOWNLOAD",
    resource: "Spectrogram",
    query: spectrogramQuery,
    responses: spectrogramResponses,
    extension: true,
    summary: "A spectrogram tile of an audio file",
  },
  async ({ req, principal, params, query, tokenFromQuery }) => {
    const tile = await spectrogramTile(db(), storage(), principal, params.file, query.tile, query.v);
    return serveFile(req, tile, storage(), {
      "Cache-Control": "private, max-age=31536000, immutable",
      ...downloadHeaders(tokenFromQuery),
    });
  },
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
