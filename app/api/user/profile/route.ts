import { otherMethods } from "@/lib/api/other-methods";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { getProfile, saveProfile } from "@/lib/users/profiles";
import { profileInputSchema, profileSchema } from "@/lib/users/schemas";

// GET /api/user/profile
export const GET = withApi(
  { policy: "user", authenticated: true, resource: "Profile", responses: { 200: profileSchema } },
  async ({ principal }) => json(profileSchema, await getProfile(db(), principal, null)),
);

// POST /api/user/profile
export const POST = withApi(
  {
    policy: "user",
    authenticated: true,
    resource: "Profile",
    body: profileInputSchema,
    responses: { 201: { body: profileSchema, headers: ["Location"] } },
  },
  async ({ principal, body }) =>
    json(profileSchema, await saveProfile(db(), principal, null, body), {
      status: 201,
      headers: { Location: `${config().apiBaseUrl}/user/profile` },
    }),
);

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
