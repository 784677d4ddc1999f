"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Form } from "@/components/form";
import { FormField, IdField } from "@/components/form-field";
import {
  type ChoiceChallenge,
  createChoiceChallengeSchema,
  updateChoiceChallengeSchema,
} from "@/lib/challenges/choice/schemas";
import type { Parts } from "@/lib/web/api/api-upload";
import { KINDS, type SaveRequest, useSaveChallenge } from "@/lib/web/challenges/challenge-kinds";
import { toast } from "@/lib/web/ui/toast";
import { useZodForm } from "@/lib/web/ui/use-zod-form";
import { detailHref } from "./challenge-list";
import { challengeName } from "./challenge-name";
import { audioGap, type ChoiceRow, ChoicesEditor, newChoiceRow } from "./choices-editor";
import { LanguageCombobox } from "./language-combobox";

// Create and edit forms of a choice challenge, validated with the API's own schemas. The
// choices live in their own state; their texts are mirrored into the form as JSON so the
// schema checks them with the rest.

const texts = (rows: ChoiceRow[]) => JSON.stringify(rows.map((r) => r.text));
const parseTexts = (json: string) => JSON.parse(json) as string[];

function gapMessage(rows: ChoiceRow[]): string | null {
  const gap = audioGap(rows);
  if (gap === null) return null;
  return `Choice ${gap + 1} has no audio but a later choice has: audio is matched to the choices in order, so give it audio too or move it below the choices with audio.`;
}

export function CreateChoiceForm() {
  const router = useRouter();
  const save = useSaveChallenge("choice");
  const [rows, setRows] = useState<ChoiceRow[]>(() => [newChoiceRow(), newChoiceRow()]);
  const form = useZodForm(createChoiceChallengeSchema, {
    initial: { id: "", question: "", language: "eng", choices: texts(rows), audio: "" },
    toInput: (v) => ({
      id: v.id.trim() || undefined,
      question: v.question.trim() || undefined,
      language: v.language.trim() || undefined,
      choices: parseTexts(v.choices),
    }),
    onSubmit: async (value) => {
      const gap = gapMessage(rows);
      if (gap) throw new Error(gap);
      const parts: Parts = [];
      if (value.id) parts.push(["id", value.id]);
      if (value.question) parts.push(["question", value.question]);
      parts.push(["language", value.language]);
      for (const choice of value.choices) parts.push(["choices", choice]);
      for (const row of rows) if (row.audio) parts.push(["audio", row.audio]);
      const created = await save.mutateAsync({ parts });
      toast.success(`Choice challenge “${challengeName("choice", created)}” created; it is being prepared`);
      router.push(detailHref("choice", created.id));
    },
  });
  const setChoices = (next: ChoiceRow[]) => {
    setRows(next);
    form.setValue("choices", texts(next));
  };

  return (
    <Form form={form} submitLabel="Create choice challenge" submittingLabel="Uploading…" cancelHref={KINDS.choice.href}>
      <FormField label="Question" hint="Optional: what the student is asked." {...form.field("question")} />
      <div className="grid gap-4 md:grid-cols-2">
        <LanguageCombobox
          required
          value={form.values.language}
          error={form.errors.language}
          onValueChange={(code) => form.setValue("language", code)}
        />
        <IdField {...form.field("id")} />
      </div>
      <ChoicesEditor
        rows={rows}
        onChange={setChoices}
        newAudio
        error={form.errors.choices}
        audioError={form.errors.audio}
      />
    </Form>
  );
}

export function EditChoiceForm({ challenge }: { challenge: ChoiceChallenge }) {
  const save = useSaveChallenge("choice");
  const [rows, setRows] = useState<ChoiceRow[]>(() => challenge.choices.map((c) => newChoiceRow(c.choice, c.audioUrl)));
  const form = useZodForm(updateChoiceChallengeSchema, {
    initial: { question: challenge.question ?? "", language: challenge.language, choices: texts(rows) },
    toInput: (v) => ({
      question: v.question,
      language: v.language.trim() || undefined,
      choices: parseTexts(v.choices),
    }),
    onSubmit: async (value) => {
      const withAudio = rows.filter((r) => r.audio);
      const choices = value.choices ?? [];
      const texts = new Set(choices);
      if (withAudio.some((r) => !texts.has(r.text.trim()))) throw new Error("A choice with new audio needs its text.");
      if (new Set(withAudio.map((r) => r.text.trim())).size !== withAudio.length)
        throw new Error("Two choices with new audio have the same text.");
      let request: SaveRequest;
      if (withAudio.length === 0) {
        // JSON: a blank question clears it.
        request = {
          id: challenge.id,
          json: { question: value.question || null, language: value.language, choices: value.choices },
        };
      } else {
        // Multipart: each audio part names its choice (audioChoice); an empty question clears it.
        const parts: Parts = [["question", value.question ?? ""]];
        if (value.language) parts.push(["language", value.language]);
        for (const choice of choices) parts.push(["choices", choice]);
        for (const row of withAudio) parts.push(["audioChoice", row.text.trim()], ["audio", row.audio!]);
        request = { id: challenge.id, parts };
      }
      const saved = await save.mutateAsync(request);
      setRows(saved.choices.map((c) => newChoiceRow(c.choice, c.audioUrl)));
      toast.success(`Choice challenge “${challengeName("choice", saved)}” saved; it is being prepared again`);
    },
  });
  const setChoices = (next: ChoiceRow[]) => {
    setRows(next);
    form.setValue("choices", texts(next));
  };

  return (
    <Form form={form} submitLabel="Save changes">
      <FormField label="Question" hint="Optional: what the student is asked." {...form.field("question")} />
      <LanguageCombobox
        required
        className="max-w-sm"
        value={form.values.language}
        error={form.errors.language}
        onValueChange={(code) => form.setValue("language", code)}
      />
      <ChoicesEditor rows={rows} onChange={setChoices} newAudio={false} error={form.errors.choices} />
    </Form>
  );
}
