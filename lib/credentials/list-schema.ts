import { z } from "zod";

/** Ours: GET /users/:userId/credentials — usernames and addresses, never passwords. */
export const credentialListSchema = z.object({
  basicauths: z.array(z.object({ username: z.string(), created: z.date().transform((d) => d.toISOString()) })),
  emailauths: z.array(z.object({ email: z.string(), created: z.date().transform((d) => d.toISOString()) })),
});
export type CredentialList = z.output<typeof credentialListSchema>;
