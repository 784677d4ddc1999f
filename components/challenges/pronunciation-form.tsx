"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { z } from "zod";
import { AudioInput } from "@/components/audio/audio-input";
import { PhonemeTrack } from "@/components/audio/phoneme-track";
import { Form } from "@/components/form";
import { FormField, IdField } from "@/components/form-field";
import {
  createChallengeSchema,
  type PronunciationChallenge,
  updateChallengeSchema,
} from "@/lib/challenges/pronunciation/schemas";
import type { Parts } from "@/lib/web/api/api-upload";
import { KINDS, useSaveChallenge } from "@/lib/web/challenges/challenge-kinds";
import { toast } from "@/lib/web/ui/toast";
import { useZodForm } from "@/lib/web/ui/use-zod-form";
import { detailHref } from "./challenge-list";
import { challengeName } from "./challenge-name";
import { LanguageCombobox } from "./language-combobox";

// Create and edit form of a pronunciation challenge (the API's schemas; the reference audio is
// a file part, required when creating: its file name stands in the form values so that the
// requirement and the API's errors on it show on the field). Editing shows the challenge's
// alignment as phonemes over the stored audio's waveform.

const createSchema = createChallengeSchema.extend({ referenceAudio: z.string() });

type Props = { challenge?: PronunciationChallenge };

export function PronunciationForm({ challenge }: Props) {
  const router = useRouter();
  const save = useSaveChallenge("pronunciation");
  const [audio, setAudio] = useState<File | null>(null);
  const editing = !!challenge;
  const form = useZodForm(editing ? updateChallengeSchema : createSchema, {
    initial: {
      id: "",
      transcription: challenge?.transcription ?? "",
      language: challenge?.language ?? "eng",
      referenceAudio: "",
    },
    toInput: (v) => ({
      ...(editing ? {} : { id: v.id.trim() || undefined, referenceAudio: v.referenceAudio || undefined }),
      // Kept when blank, so that clearing it is refused rather than ignored.
      transcription: v.transcription,
      language: v.language.trim() || undefined,
    }),
    onSubmit: async (input) => {
      const value = input as { id?: string; transcription: string; language: string };
      const parts: Parts = [];
      if (!editing && value.id) parts.push(["id", value.id]);
      parts.push(["transcription", value.transcription], ["language", value.language]);
      if (audio) parts.push(["referenceAudio", audio]);
      const saved = await save.mutateAsync({ id: challenge?.id, parts });
      if (editing) {
        setAudio(null);
        form.setValue("referenceAudio", "");
        toast.success(`Pronunciation challenge “${challengeName("pronunciation", saved)}” saved`);
      } else {
        toast.success(`Pronunciation challenge “${challengeName("pronunciation", saved)}” created`);
        router.push(detailHref("pronunciation", saved.id));
      }
    },
  });
  const onAudio = (file: File | null) => {
    setAudio(file);
    form.setValue("referenceAudio", file?.name ?? "");
  };
  const alignment = challenge?.alignment ?? null;

  return (
    <Form
      form={form}
      submitLabel={editing ? "Save changes" : "Create pronunciation challenge"}
      submittingLabel={audio ? "Uploading…" : "Saving…"}
      cancelHref={editing ? undefined : KINDS.pronunciation.href}
    >
      <FormField
        label="Transcription"
        required
        hint="The sentence the student reads aloud."
        {...form.field("transcription")}
      />
      <div className="grid gap-4 md:grid-cols-2">
        <LanguageCombobox
          required
          value={form.values.language}
          error={form.errors.language}
          onValueChange={(code) => form.setValue("language", code)}
        />
        {!editing && <IdField {...form.field("id")} />}
      </div>
      <AudioInput
        label="Reference audio"
        required={!editing}
        value={audio}
        onChange={onAudio}
        currentUrl={challenge?.referenceAudioUrl}
        currentOverlay={
          alignment ? (duration) => <PhonemeTrack alignment={alignment} duration={duration} /> : undefined
        }
        error={form.errors.referenceAudio}
        hint="How the sentence should sound."
      />
      {editing && (
        <p className="text-xs text-slate-600" data-testid="alignment-summary">
          {alignment
            ? `Alignment: ${alignment.words.length} words, ${alignment.words.flatMap((w) => w.chunks.flatMap((c) => c.phonemes)).length} phonemes, confidence ${alignment.confidenceScore.toFixed(2)}${audio ? " (it belongs to the current audio)" : ""}.`
            : "No alignment yet: the recognition service adds one for the reference audio."}
        </p>
      )}
    </Form>
  );
}
