import { otherMethods } from "@/lib/api/other-methods";
import { nextLink } from "@/lib/api/pagination";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { db } from "@/lib/db/client";
import {
  ADMIN_LISTING_RESOURCE,
  adminCountSchema,
  adminListingQuery,
  adminRecordingSchema,
  countAdminRecordings,
  listAdminRecordings,
} from "@/lib/recordings/admin-listing";

// GET /api/recordings[?count=true]: the recordings of the caller's level (tenant, organisation
// or user), paginated (perPage, startCursor, Link rel="next"); count=true → { count }
export const GET = withApi(
  {
    policy: "recording",
    permission: "SPEECH_RECORDING_LIST",
    resource: ADMIN_LISTING_RESOURCE,
    query: adminListingQuery,
    responses: { 200: { body: [adminCountSchema, adminRecordingSchema.array()], headers: ["Link"] } },
  },
  async ({ req, principal, query }) => {
    if (query.count) return json(adminCountSchema, await countAdminRecordings(db(), principal));
    const page = await listAdminRecordings(db(), principal, query);
    return json(adminRecordingSchema.array(), page.items, { headers: nextLink(req, page.nextCursor) });
  },
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
