"use client";
import { useRouter } from "next/navigation";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { AudioInput } from "@/components/audio/audio-input";
import { Form } from "@/components/form";
import { errorText, FormField, IdField } from "@/components/form-field";
import {
  createSpeechChallengeSchema,
  type SpeechChallenge,
  updateSpeechChallengeSchema,
} from "@/lib/challenges/speech/schemas";
import { DEFAULT_READING_STOP, type ReadingStop } from "@/lib/reading/count-reading";
import { useSpeechChallenges } from "@/lib/web/annotations/editor/use-assignments";
import type { Parts } from "@/lib/web/api/api-upload";
import { KINDS, type SaveRequest, useSaveChallenge } from "@/lib/web/challenges/challenge-kinds";
import { usualLanguage } from "@/lib/web/challenges/split-sentences";
import { toast } from "@/lib/web/ui/toast";
import { useZodForm } from "@/lib/web/ui/use-zod-form";
import { SelectField } from "../admin/select-field";
import { detailHref } from "./challenge-list";
import { challengeName } from "./challenge-name";
import { FileField } from "./file-field";
import { LanguageCombobox } from "./language-combobox";
import { PassageEditor } from "./passage-editor";

// Create and edit form of a speech challenge: topic, language (a new one starts in the language
// most of the organisation's speech challenges have), the passage to read aloud (sentences),
// metadata (JSON text, kept by the API as it is) and the files referenceAudio, srt and image. The API's schemas check the
// fields; the page adds that metadata must be JSON (unless an edit leaves a stored non-JSON
// value as it was). Files mirror their names into the values so errors land on them.

type Files = { referenceAudio: File | null; srt: File | null; image: File | null };
type Value = {
  id?: string;
  topic?: string | null;
  language: string;
  metadata?: string | null;
  readingStop?: ReadingStop;
};

/** Where reading stops when an attempt is scored (lib/reading/count-reading.ts), in a teacher's words. */
const READING_STOP_OPTIONS: { value: ReadingStop; label: string }[] = [
  { value: "lastRead", label: "Where the reader stopped" },
  { value: "endOfText", label: "End of the text" },
  { value: "oneMinute", label: "One minute" },
];

const isJson = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

export function SpeechForm({ challenge }: { challenge?: SpeechChallenge }) {
  const router = useRouter();
  const metadataId = useId();
  const save = useSaveChallenge("speech");
  const editing = !!challenge;
  const [files, setFiles] = useState<Files>({ referenceAudio: null, srt: null, image: null });
  const [removing, setRemoving] = useState<(keyof Files)[]>([]);
  const markRemoved = (name: keyof Files) => (remove: boolean) =>
    setRemoving((r) => (remove ? [...r.filter((x) => x !== name), name] : r.filter((x) => x !== name)));
  const [sentences, setSentences] = useState<string[] | null>(challenge?.sentences ?? null);
  const sentencesChanged = JSON.stringify(sentences ?? []) !== JSON.stringify(challenge?.sentences ?? []);
  const languageTouched = useRef(false);
  const others = useSpeechChallenges(!editing);
  const schema = useMemo(() => {
    const base = editing ? updateSpeechChallengeSchema : createSpeechChallengeSchema;
    return base.superRefine((value, ctx) => {
      const text = value.metadata;
      if (typeof text !== "string" || text.trim() === "" || text === challenge?.metadata || isJson(text)) return;
      ctx.addIssue({ code: "custom", path: ["metadata"], message: 'must be valid JSON, e.g. {"level": "A2"}' });
    });
  }, [editing, challenge?.metadata]);

  const form = useZodForm(schema, {
    initial: {
      id: "",
      topic: challenge?.topic ?? "",
      language: challenge?.language ?? "eng",
      metadata: challenge?.metadata ?? "",
      readingStop: challenge?.readingStop ?? DEFAULT_READING_STOP,
      referenceAudio: "",
      srt: "",
      image: "",
    },
    toInput: (v) => ({
      ...(editing ? {} : { id: v.id.trim() || undefined }),
      topic: v.topic,
      language: v.language.trim() || undefined,
      metadata: v.metadata.trim() ? v.metadata : editing ? null : undefined,
      readingStop: v.readingStop,
    }),
    onSubmit: async (input) => {
      const value = input as Value;
      const chosen = (Object.entries(files) as [keyof Files, File | null][]).filter(
        (e): e is [keyof Files, File] => !!e[1],
      );
      const requests: SaveRequest[] = [];
      const typed = sentences?.map((t) => t.trim()).filter(Boolean) ?? [];
      if (editing && chosen.length === 0) {
        requests.push({
          id: challenge.id,
          json: {
            topic: value.topic ?? null,
            language: value.language,
            metadata: value.metadata ?? null,
            readingStop: value.readingStop,
            ...(sentencesChanged ? { sentences: typed.length ? typed : null } : {}),
            ...(removing.length ? { remove: removing } : {}),
          },
        });
      } else {
        const parts: Parts = [];
        if (value.id) parts.push(["id", value.id]);
        if (value.topic) parts.push(["topic", value.topic]);
        else if (editing) parts.push(["topic", ""]); // blank clears it
        parts.push(["language", value.language]);
        if (value.metadata) parts.push(["metadata", value.metadata]);
        if (value.readingStop) parts.push(["readingStop", value.readingStop]);
        if (!editing || sentencesChanged) for (const t of typed) parts.push(["sentences", t]);
        parts.push(...chosen);
        if (editing) for (const name of removing) if (!files[name]) parts.push(["remove", name]);
        requests.push({ id: challenge?.id, parts });
        // A multipart part cannot say null: clearing the metadata takes a JSON update.
        if (editing && !value.metadata && challenge.metadata !== null)
          requests.push({ id: challenge.id, json: { metadata: null } });
        // Nor can it say "no sentences".
        if (editing && sentencesChanged && typed.length === 0)
          requests.push({ id: challenge.id, json: { sentences: null } });
      }
      let saved: SpeechChallenge | undefined;
      for (const request of requests) saved = await save.mutateAsync(request);
      if (editing) {
        setFiles({ referenceAudio: null, srt: null, image: null });
        setRemoving([]);
        for (const name of ["referenceAudio", "srt", "image"] as const) form.setValue(name, "");
        toast.success(`Speech challenge “${challengeName("speech", saved!)}” saved`);
      } else {
        toast.success(`Speech challenge “${challengeName("speech", saved!)}” created`);
        router.push(detailHref("speech", saved!.id));
      }
    },
  });
  const setFile = (name: keyof Files) => (file: File | null) => {
    setFiles((f) => ({ ...f, [name]: file }));
    form.setValue(name, file?.name ?? "");
  };
  const { error: metadataError, ...metadata } = form.field("metadata");
  const usual = usualLanguage(others.data ?? []);
  const { setValue } = form;
  // Once, when the organisation's challenges arrive, unless the person chose a language first.
  useEffect(() => {
    if (editing || !usual || languageTouched.current) return;
    languageTouched.current = true;
    setValue("language", usual);
  }, [editing, usual, setValue]);

  return (
    <Form
      form={form}
      submitLabel={editing ? "Save changes" : "Create speech challenge"}
      submittingLabel="Uploading…"
      cancelHref={editing ? undefined : KINDS.speech.href}
    >
      <FormField label="Topic" hint="Optional: what the student speaks about." {...form.field("topic")} />
      <div className="grid gap-4 md:grid-cols-2">
        <LanguageCombobox
          required
          value={form.values.language}
          error={form.errors.language}
          onValueChange={(code) => {
            languageTouched.current = true;
            form.setValue("language", code);
          }}
        />
        {!editing && <IdField {...form.field("id")} />}
      </div>
      <PassageEditor
        sentences={sentences}
        onChange={setSentences}
        uploadedSrt={!!challenge?.srtUrl && !challenge.srtGenerated}
      />
      <SelectField
        label="Score the reading up to"
        hint="Where counting stops for words correct per minute and accuracy. Changing it rescores the attempts already made."
        options={READING_STOP_OPTIONS}
        {...form.field("readingStop")}
      />
      <AudioInput
        label="Reference audio"
        value={files.referenceAudio}
        onChange={setFile("referenceAudio")}
        currentUrl={challenge?.referenceAudioUrl}
        error={form.errors.referenceAudio}
        hint="Optional: an example answer."
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <FileField
          label="Subtitles (SRT)"
          kind="srt"
          value={files.srt}
          onChange={setFile("srt")}
          currentUrl={challenge?.srtUrl}
          error={form.errors.srt}
          // A generated SRT follows the passage: there is no upload to remove.
          onRemoveStored={challenge?.srtUrl && !challenge.srtGenerated ? markRemoved("srt") : undefined}
          removing={removing.includes("srt")}
          hint={
            challenge?.srtGenerated
              ? "Now made from the passage (estimated timings); upload a SubRip file timed to the reference audio to replace it."
              : "Optional: a SubRip file timed to the reference audio; it wins over the passage's."
          }
        />
        <FileField
          label="Image"
          kind="image"
          value={files.image}
          onChange={setFile("image")}
          currentUrl={challenge?.imageUrl}
          error={form.errors.image}
          onRemoveStored={challenge?.imageUrl ? markRemoved("image") : undefined}
          removing={removing.includes("image")}
          hint="Optional: PNG, JPEG, GIF or WebP."
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={metadataId} className="text-sm font-medium text-slate-800">
          Metadata (JSON)
        </label>
        <textarea
          id={metadataId}
          rows={4}
          spellCheck={false}
          aria-invalid={metadataError ? true : undefined}
          aria-describedby={`${metadataId}-hint${metadataError ? ` ${metadataId}-error` : ""}`}
          className={`rounded-md border bg-white px-3 py-2 font-mono text-sm ${metadataError ? "border-red-500" : "border-slate-300"}`}
          {...metadata}
        />
        <p id={`${metadataId}-hint`} className="text-xs text-slate-500">
          Optional: data for your own apps, kept as written.
        </p>
        {metadataError && (
          <p id={`${metadataId}-error`} className="text-xs font-medium text-red-700">
            {errorText("Metadata", metadataError)}
          </p>
        )}
      </div>
    </Form>
  );
}
