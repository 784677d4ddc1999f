"use client";
import { useEffect, useState } from "react";
import { Button } from "@/components/button";
import { type FeedbackWord, type JudgedSentence, useReadAloud } from "@/lib/web/practice/use-read-aloud";
import { MicrophoneCheck, microphoneChecked } from "./microphone-check";

// Reading a passage aloud: each sentence's words are coloured as the engine finishes judging it
// (green correct, red an error, grey not assessed, with the server's note on what it could measure
// instead), with pause and resume.

const WORD_CLASS = (label: string) =>
  label === "CW" || label === "RW" || label === "SC"
    ? "bg-green-100 text-green-900"
    : label === "NA"
      ? "bg-slate-100 text-slate-700"
      : "bg-red-100 text-red-900 underline decoration-wavy";

function Word({ word }: { word: FeedbackWord }) {
  const ok = word.label === "CW";
  return (
    <span data-testid="read-word" data-label={word.label} className={`mr-1 rounded px-0.5 ${WORD_CLASS(word.label)}`}>
      {word.expected || word.recognized}
      {!ok && <span className="sr-only"> ({word.description || word.label})</span>}
    </span>
  );
}

function Sentence({ text, judged }: { text: string; judged: JudgedSentence | undefined }) {
  if (!judged) return <p className="text-slate-900">{text}</p>;
  // Not assessed: the server says why, and what it could measure instead, once for the sentence.
  const note = judged.words.every((w) => w.label === "NA") ? judged.words[0]?.explanation : undefined;
  return (
    <div>
      <p data-testid="judged-sentence" data-errors={judged.errors}>
        {judged.words.map((w, i) => (
          <Word key={`${w.textIndex}-${i}`} word={w} />
        ))}
      </p>
      {note && (
        <p className="text-sm text-slate-700" data-testid="sentence-note">
          {note}
        </p>
      )}
    </div>
  );
}

export function ReadAloud({
  token,
  challengeId,
  sentences,
  limitSeconds,
}: {
  token: string;
  challengeId: string;
  sentences: string[];
  limitSeconds: number;
}) {
  const read = useReadAloud(token, challengeId, limitSeconds);
  const [checked, setChecked] = useState<boolean | null>(null);
  const [checkProblem, setCheckProblem] = useState<string | null>(null);
  useEffect(() => setChecked(microphoneChecked()), []);
  const problem = checkProblem ?? read.problem;
  const status = {
    ready: "",
    starting: "Getting ready…",
    reading: "Listening… read the text aloud",
    paused: "Paused. Press Go on when you are ready.",
    judging: "Checking the last sentences…",
    done: `Done! ${sentences.length ? `${read.sentences.size} of ${sentences.length} sentences checked.` : ""}`,
    failed: "",
  }[read.phase];
  return (
    <>
      <section
        aria-label="Read this aloud"
        className="rounded-lg border border-slate-200 bg-white p-4 text-lg leading-relaxed"
      >
        {sentences.map((sentence, i) => (
          <Sentence key={i} text={sentence} judged={read.sentences.get(i)} />
        ))}
      </section>
      {checked === false && !problem && (
        <MicrophoneCheck onPassed={() => setChecked(true)} onProblem={setCheckProblem} />
      )}
      {checked && (
        <div className="flex flex-wrap gap-2 rounded-lg border border-slate-200 bg-white p-4">
          {(read.phase === "ready" || read.phase === "done" || read.phase === "failed") && (
            <Button variant="primary" className="py-3 text-base" onClick={() => void read.start()}>
              <span aria-hidden>●</span> {read.phase === "ready" ? "Start reading" : "Read again"}
            </Button>
          )}
          {read.phase === "reading" && <Button onClick={read.pause}>Pause</Button>}
          {read.phase === "paused" && <Button onClick={read.resume}>Go on</Button>}
          {(read.phase === "reading" || read.phase === "paused") && (
            <Button variant="danger" onClick={read.stop}>
              <span aria-hidden>■</span> I am done
            </Button>
          )}
          <p className="w-full text-xs text-slate-600">You have up to {limitSeconds} seconds.</p>
        </div>
      )}
      <p role="status" aria-live="polite" className="min-h-5 text-sm text-slate-700">
        {status}
      </p>
      {problem && (
        <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950">
          {problem}
        </p>
      )}
    </>
  );
}
