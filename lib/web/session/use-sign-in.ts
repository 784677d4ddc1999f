"use client";
import { signIn } from "next-auth/react";
import { useEffect } from "react";
import { useZodForm } from "../ui/use-zod-form";
import { type SignInMethod, signInSchema } from "./sign-in";

// The sign-in form's state: next-auth's credentials sign-in (authorize() runs the API's
// password grant) with the API's message on failure. The way in, tenant and organisation
// are remembered on this device (never the password).

export const SIGN_IN_METHODS: { value: SignInMethod; label: string }[] = [
  { value: "organisation", label: "Organisation user" },
  { value: "email", label: "Email" },
  { value: "admin", label: "Administrator" },
];

const REMEMBER = "sign-in";
const INITIAL = {
  method: "organisation" as SignInMethod,
  tenant: "",
  organisation: "",
  username: "",
  email: "",
  password: "",
};

export function useSignIn(onSignedIn: () => void) {
  const form = useZodForm(signInSchema, {
    initial: INITIAL,
    // Every field as typed: the schema's own messages say what is missing.
    toInput: (values) => values,
    onSubmit: async (value) => {
      const result = await signIn("credentials", { ...value, redirect: false });
      if (!result?.ok || result.error) {
        throw new Error(
          result?.error && result.error !== "CredentialsSignin"
            ? result.error
            : "The username, password or scope is incorrect",
        );
      }
      const { method, tenant, organisation } = form.values;
      localStorage.setItem(REMEMBER, JSON.stringify({ method, tenant, organisation }));
      onSignedIn();
    },
  });

  useEffect(() => {
    try {
      const saved = JSON.parse(localStorage.getItem(REMEMBER) ?? "{}") as Partial<typeof INITIAL>;
      const method = SIGN_IN_METHODS.find((m) => m.value === saved.method)?.value ?? INITIAL.method;
      form.patch({ method, tenant: String(saved.tenant ?? ""), organisation: String(saved.organisation ?? "") });
    } catch {
      // Nothing usable remembered.
    }
    // Once, on the first render in the browser.
  }, []);

  const setMethod = (method: SignInMethod) => form.setValue("method", method);
  return { ...form, setMethod };
}
