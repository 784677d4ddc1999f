import type { Db } from "@/lib/db/client";
import { findSignInPlace } from "@/lib/organisations/sign-in-code";
import type { SignIn } from "../session/sign-in";

/** A school-code sign-in as the organisation sign-in it stands for; the others unchanged. */
export async function withSignInPlace(db: Db, input: SignIn): Promise<SignIn> {
  if (input.method !== "code") return input;
  const place = await findSignInPlace(db, input.code);
  // In the student's words; the same for a wrong code as for a school that has since gone.
  if (!place) throw new Error("That school code is not known. Check the code on your card.");
  return {
    method: "organisation",
    tenant: place.tenantId,
    organisation: place.organisationId,
    username: input.username,
    password: input.password,
  };
}
