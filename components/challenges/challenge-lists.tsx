"use client";
import type { Column } from "@/components/data-table";
import type { ChoiceChallenge } from "@/lib/challenges/choice/schemas";
import type { PronunciationChallenge } from "@/lib/challenges/pronunciation/schemas";
import type { SpeechChallenge } from "@/lib/challenges/speech/schemas";
import { languageName } from "@/lib/web/challenges/language-options";
import { ChallengeList, nameColumn } from "./challenge-list";
import { StatusBadge } from "./status-badge";

// The columns of each kind's list.

const language = <T extends { language: string }>(): Column<T> => ({
  key: "language",
  header: "Language",
  cell: (c) => (
    <span>
      {languageName(c.language)} <code className="text-xs text-slate-600">{c.language}</code>
    </span>
  ),
});
const has = (present: boolean, what: string) => (
  <span className={present ? "text-emerald-800" : "text-slate-600"}>
    <span aria-hidden>{present ? "✓ " : "– "}</span>
    {present ? what : <span className="sr-only">no {what}</span>}
  </span>
);

const choiceColumns: Column<ChoiceChallenge>[] = [
  nameColumn("choice", "Question"),
  {
    key: "choices",
    header: "Choices",
    cell: (c) => (
      <span className="line-clamp-2 max-w-xs">
        <span className="font-medium">{c.choices.length}:</span> {c.choices.map((x) => x.choice).join(" · ")}
        {c.choices.some((x) => x.audioUrl) && (
          <span className="text-xs text-slate-500"> ({c.choices.filter((x) => x.audioUrl).length} with audio)</span>
        )}
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
  nameColumn("pronunciation", "Transcription"),
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
  nameColumn("speech", "Topic"),
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
