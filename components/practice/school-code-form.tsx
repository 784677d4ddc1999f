"use client";
import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/button";
import { FormField } from "@/components/form-field";

// The school code as printed (ABCD-EFGH): spaces, dashes and lower case are all fine; the
// school's page (/s/<code>) says whether it is known.
export function SchoolCodeForm() {
  const router = useRouter();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const clean = code.toUpperCase().replace(/[\s-]/g, "");
    if (clean.length !== 8) {
      setError("A school code has 8 letters and numbers, like ABCD-2345.");
      return;
    }
    router.push(`/s/${encodeURIComponent(clean)}`);
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
    >
      <FormField
        label="School code"
        name="code"
        autoComplete="off"
        autoCapitalize="characters"
        required
        value={code}
        error={error}
        onChange={(e) => setCode(e.target.value)}
      />
      <Button type="submit" variant="primary" className="py-3 text-base">
        Next
      </Button>
    </form>
  );
}
