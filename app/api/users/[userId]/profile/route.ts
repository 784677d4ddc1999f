import { otherMethods } from "@/lib/api/other-methods";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { getProfile, saveProfile } from "@/lib/users/profiles";
import { profileInputSchema, profileSchema } from "@/lib/users/schemas";

// POST /api/users/:userId/profile
export const POST = withApi<{ userId: string }, typeof profileInputSchema>(
  {
    policy: "user",
    authenticated: true,
    resource: "Profile",
    body: profileInputSchema,
    responses: { 201: { body: profileSchema, headers: ["Location"] } },
  },
  async ({ principal, params, body }) =>
    json(profileSchema, await saveProfile(db(), principal, params.userId, body), {
      status: 201,
      headers: { Location: `${config().apiBaseUrl}/users/${encodeURIComponent(params.userId)}/profile` },
    }),
);

// GET /api/users/:userId/profile
export const GET = withApi<{ userId: string }>(
  { policy: "user", authenticated: true, resource: "Profile", responses: { 200: profileSchema } },
  async ({ principal, params }) => json(profileSchema, await getProfile(db(), principal, params.userId)),
);

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
