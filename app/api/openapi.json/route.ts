import { z } from "zod";
import { otherMethods } from "@/lib/api/other-methods";
import { withApi } from "@/lib/api/with-api";
import { config } from "@/lib/config";
import { openApiDocument } from "@/lib/openapi/serve";

const documentSchema = z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.looseObject({}) });

// GET /api/openapi.json: the OpenAPI 3.1 description of this API, built from the routes' own
// zod schemas (lib/openapi/document.ts). Public, like the contract it describes.
export const GET = withApi(
  {
    policy: "public",
    public: true,
    resource: "OpenAPI",
    responses: { 200: documentSchema },
    extension: true,
    summary: "This document",
  },
  async () => Response.json(await openApiDocument(config().apiBaseUrl), { headers: { "Cache-Control": "no-cache" } }),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
