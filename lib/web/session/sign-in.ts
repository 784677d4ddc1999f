import { z } from "zod";
import { formatScope } from "@/lib/auth/scope";

// The three ways to sign in, validated alike in the browser and in next-auth's authorize().

const required = (what: string) => z.string().trim().min(1, `Enter ${what}`);
const password = z.string().min(1, "Enter the password");

export const signInSchema = z.discriminatedUnion("method", [
  z.object({
    method: z.literal("organisation"),
    tenant: required("the tenant id"),
    // Blank: a user of the tenant itself rather than of one of its organisations.
    organisation: z.string().trim().optional().default(""),
    username: required("the username"),
    password,
  }),
  z.object({ method: z.literal("email"), email: z.email("Enter an email address such as name@example.com"), password }),
  z.object({ method: z.literal("admin"), username: required("the username"), password }),
  // A student from their school's sign-in address (/s/<code>): the code stands for the tenant
  // and organisation (lib/organisations/sign-in-code.ts), resolved on the server.
  z.object({
    method: z.literal("code"),
    code: required("your school code"),
    username: required("your username"),
    password,
  }),
]);
export type SignInInput = z.input<typeof signInSchema>;
export type SignIn = z.output<typeof signInSchema>;
export type SignInMethod = SignIn["method"];

/** The password grant's input, and the label the session shows for the signed-in caller. */
export function passwordGrantInput(input: SignIn): {
  username: string;
  password: string;
  scope?: string;
  label: string;
} {
  if (input.method === "email") return { username: input.email, password: input.password, label: input.email };
  if (input.method === "admin") return { username: input.username, password: input.password, label: input.username };
  // A school code names its place only through the database (lib/web/practice/sign-in-place.ts).
  if (input.method === "code") throw new Error("A school code must be resolved before signing in");
  const scope = input.organisation
    ? formatScope({
        kind: "org-user",
        tenantId: input.tenant,
        organisationId: input.organisation,
        username: input.username,
      })
    : formatScope({ kind: "tenant-user", tenantId: input.tenant, user: input.username });
  const where = input.organisation ? `${input.tenant} / ${input.organisation}` : input.tenant;
  return { username: input.username, password: input.password, scope, label: `${input.username} (${where})` };
}
