import { z } from "zod";

export const tokenRequestSchema = z.object({
  grant_type: z.string().optional(),
  username: z.string().optional(),
  password: z.string().optional(),
  scope: z.string().optional(),
});

export const tokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal("Bearer"),
  scope: z.string(),
  expires_in: z.number().int(),
});
export type TokenResponseBody = z.infer<typeof tokenResponseSchema>;

/** POST /api/tokens/revoke answers an empty object. */
export const revokeResponseSchema = z.object({}).strict();
