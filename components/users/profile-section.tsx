"use client";
import { useState } from "react";
import { CEFR_LEVELS, type Profile, profileInputSchema } from "@/lib/users/schemas";
import { useZodForm } from "@/lib/web/ui/use-zod-form";
import { useProfile, useSaveProfile } from "@/lib/web/users/use-users";
import { SelectField } from "../admin/select-field";
import { Button } from "../button";
import { Form } from "../form";
import { FormField } from "../form-field";
import { ErrorState, LoadingBlock } from "../states";

// The user's profile (GET / POST /api/users/:id/profile): shown as read, edited in place.
// cefr travels as 0..10 and reads as its CEFR name.

const GENDERS: Record<string, string> = { m: "Male", f: "Female", x: "Other" };
export const cefrName = (cefr: number | null) => (cefr === null ? "—" : (CEFR_LEVELS[cefr] ?? String(cefr)));

export function ProfileSection({ userId, editable }: { userId: string; editable: boolean }) {
  const query = useProfile(userId);
  const [editing, setEditing] = useState(false);
  return (
    <section aria-labelledby="profile-heading" className="rounded-lg border border-slate-200 bg-white p-5">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id="profile-heading" className="text-lg font-semibold">
          Profile
        </h2>
        {editable && !editing && !query.isPending && !query.error && (
          <Button onClick={() => setEditing(true)}>{query.profile ? "Edit profile" : "Add profile"}</Button>
        )}
      </div>
      {query.isPending ? (
        <LoadingBlock lines={3} />
      ) : query.error ? (
        <ErrorState error={query.error} onRetry={() => query.refetch()} />
      ) : editing ? (
        <ProfileForm userId={userId} profile={query.profile} onDone={() => setEditing(false)} />
      ) : query.profile ? (
        <ProfileSummary profile={query.profile} />
      ) : (
        <p className="text-sm text-slate-600">No profile yet.</p>
      )}
    </section>
  );
}

function ProfileSummary({ profile }: { profile: Profile }) {
  const rows: [string, string][] = [
    ["Birth year", profile.birthYear?.toString() ?? "—"],
    ["Gender", profile.gender ? (GENDERS[profile.gender] ?? profile.gender) : "—"],
    ["Country", profile.country ?? "—"],
    ["Language", profile.language ?? "—"],
    ["CEFR level", cefrName(profile.cefr)],
  ];
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm" aria-label="Profile">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-slate-500">{k}</dt>
          <dd data-testid={k === "CEFR level" ? "profile-cefr" : undefined}>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

const text = (v: string | number | null | undefined) => (v === null || v === undefined ? "" : String(v));

function ProfileForm({ userId, profile, onDone }: { userId: string; profile: Profile | null; onDone: () => void }) {
  const save = useSaveProfile(userId);
  const form = useZodForm(profileInputSchema, {
    initial: {
      birthYear: text(profile?.birthYear),
      gender: text(profile?.gender),
      country: text(profile?.country),
      language: text(profile?.language),
      cefr: text(profile?.cefr),
    },
    // An emptied field clears the stored value (null), an untouched one is sent as it is.
    toInput: (v) => Object.fromEntries(Object.entries(v).map(([k, x]) => [k, x.trim() === "" ? null : x])),
    onSubmit: async (value) => {
      await save.mutateAsync(value);
      onDone();
    },
  });
  return (
    <Form form={form} submitLabel="Save profile" onCancel={onDone}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Birth year" inputMode="numeric" autoFocus {...form.field("birthYear")} />
        <SelectField
          label="Gender"
          options={[
            { value: "", label: "Not given" },
            ...Object.entries(GENDERS).map(([value, label]) => ({ value, label })),
          ]}
          {...form.field("gender")}
        />
        <FormField label="Country" hint="Of the mother tongue" {...form.field("country")} />
        <FormField label="Language" hint="Of the mother tongue: ISO 639-2, e.g. nld" {...form.field("language")} />
        <SelectField
          label="CEFR level"
          options={[
            { value: "", label: "Not given" },
            ...CEFR_LEVELS.map((name, i) => ({ value: String(i), label: name })),
          ]}
          {...form.field("cefr")}
        />
      </div>
    </Form>
  );
}
