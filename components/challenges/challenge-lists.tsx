"use client";
import type { Column } from "@/components/data-table";
import type { ChoiceChallenge } from "@/lib/challenges/choice/schemas";
import type { PronunciationChallenge } from "@/lib/challenges/pronunciation/schemas";
import type { SpeechChallenge } from "@/lib/challenges/speech/schemas";
import { ChallengeList, idColumn } from "./challenge-list";
import { StatusBadge } from "./status-badge";

// The columns of each kind's list.

const muted = <span className="text-slate-400">—</span>;
const clip = (text: string | null, className = "max-w-xs") => (text ? <span className={`line-clamp-2 ${className}`}>{text}</span> : muted);
const language = <T extends { language: string }>(): Column<T> => ({ key: "language", header: "Language", cell: (c) => <code className="text-xs">{c.language}</code> });
const has = (present: boolean, what: string) => (
  <span className={present ? "text-emerald-800" : "text-slate-400"}>
    <span aria-hidden>{present ? "✓ " : "– "}</span>
    {present ? what : <span className="sr-only">no {what}</span>}
  </span>
);

const choiceColumns: Column<ChoiceChallenge>[] = [
  idColumn("choice"),
  { key: "question", header: "Question", cell: (c) => clip(c.question) },
  {
    key: "choices",
    header: "Choices",
    cell: (c) => (
      <span className="line-clamp-2 max-w-xs">
        <span className="font-medium">{c.choices.length}:</span> {c.choices.map((x) => x.choice).join(" · ")}
        {c.choices.some((x) => x.audioUrl) && <span className="text-xs text-slate-500"> ({c.choices.filter((x) => x.audioUrl).length} with audio)</span>}
      </span>
    ),
  },
  language<ChoiceChallenge>(),
  { key: "status", header: "Status", cell: (c) => <StatusBadge status={c.status} /> },
];

export function ChoiceList() {
  return <ChallengeList kind="choice" columns={choiceColumns} poll={(c) => c.status === "preparing"} />;
}

const pronunciationColumns: Column<PronunciationChallenge>[] = [
  idColumn("pronunciation"),
  { key: "transcription", header: "Transcription", cell: (c) => clip(c.transcription, "max-w-sm") },
  language<PronunciationChallenge>(),
  {
    key: "audio",
    header: "Audio",
    cell: (c) => (
      <span className="flex flex-col text-xs whitespace-nowrap">
        {has(!!c.referenceAudioUrl, "reference")}
        {has(!!c.alignment, "alignment")}
      </span>
    ),
  },
];

export function PronunciationList() {
  return <ChallengeList kind="pronunciation" columns={pronunciationColumns} />;
}

const speechColumns: Column<SpeechChallenge>[] = [
  idColumn("speech"),
  { key: "topic", header: "Topic", cell: (c) => clip(c.topic, "max-w-sm") },
  language<SpeechChallenge>(),
  {
    key: "files",
    header: "Files",
    cell: (c) => (
      <span className="flex flex-col text-xs whitespace-nowrap">
        {has(!!c.referenceAudioUrl, "audio")}
        {has(!!c.srtUrl, "SRT")}
        {has(!!c.imageUrl, "image")}
      </span>
    ),
  },
];

export function SpeechList() {
  return <ChallengeList kind="speech" columns={speechColumns} />;
}
