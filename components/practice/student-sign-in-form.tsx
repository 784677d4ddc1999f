"use client";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/button";
import { FormField } from "@/components/form-field";

// A student's sign-in from their school's address (/s/<code>): only what is on their card, the
// username and the password. The code in the address says which school (lib/web/practice/sign-in-place.ts).
export function StudentSignInForm({ code }: { code: string }) {
  const router = useRouter();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!username.trim() || !password) {
      setError("Type your username and your password. They are on your card.");
      return;
    }
    setBusy(true);
    setError(null);
    const result = await signIn("credentials", { method: "code", code, username, password, redirect: false });
    if (!result?.ok || result.error) {
      setBusy(false);
      setError(studentWords(result?.error));
      return;
    }
    router.replace("/practice");
    router.refresh();
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
    >
      <FormField
        label="Username"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        required
        value={username}
        onChange={(e) => setUsername(e.target.value)}
      />
      <FormField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <Button type="submit" variant="primary" disabled={busy} className="py-3 text-base">
        {busy ? "Signing in…" : "Start practising"}
      </Button>
    </form>
  );
}

/** The API's refusal in a student's words: an unknown school code and "wait" are told as they are. */
function studentWords(error: string | undefined | null): string {
  if (error && (/school code/i.test(error) || /seconds/i.test(error))) return error;
  return "That username or password is not right. Look at your card and try again.";
}
