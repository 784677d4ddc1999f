import { z } from "zod";

// Credentials: username/password (basicauth) and email/password (emailauth).
// Passwords are only ever read here and echoed once in the create response.

const password = z.string().min(8, "must be at least 8 characters").max(200, "must be at most 200 characters");

export const createBasicAuthSchema = z.object({
  username: z.string().regex(/^[^\s/]{1,100}$/, "must be 1-100 characters without whitespace or /"),
  password,
});
export type CreateBasicAuth = z.infer<typeof createBasicAuthSchema>;

export const createEmailAuthSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, "must be at most 254 characters")
    .pipe(z.email("must be an email address")),
  password: password.optional(),
});
export type CreateEmailAuth = z.infer<typeof createEmailAuthSchema>;

/** The create response of both kinds: the contract names the basicauth username `email`. */
export const createdCredentialSchema = z.object({ email: z.string(), password: z.string() });
export type CreatedCredential = z.output<typeof createdCredentialSchema>;

/** PUT /users/:userId/basicauths/:basicauth (ours): a new password for one of the user's usernames; without one, a generated one. */
export const resetPasswordSchema = z.object({ password: password.optional() });
export type ResetPassword = z.infer<typeof resetPasswordSchema>;
