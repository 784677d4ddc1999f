"use client";
import Link from "next/link";
import { useState } from "react";
import { PageHeader } from "@/components/page-header";
import { AudioPlayer, type Playing } from "@/components/progress/audio-player";
import { ErrorState, LoadingBlock } from "@/components/states";
import { LABELS } from "@/lib/recognition/reading/labels";
import { isUnsure, labelName, type ReviewWord, reviewWords, wordSpan, wordText } from "@/lib/web/reading/review-words";
import { useCorrectionHistory, useCorrectWord, useReview } from "@/lib/web/reading/use-review";
import { formatDateTime } from "@/lib/web/ui/display-format";
import { LabelLegend, PassageWords } from "./passage-words";
import { PrepareAnnotation } from "./prepare-annotation";
import { ReadingFigures } from "./reading-figures";

// The review screen of one read-aloud attempt: the passage coloured by label, a word's audio on
// a click or Enter, a teacher's correction of a word's label from a menu (the figures recount at
// once from the server's answer), the engine that labelled it and the words it was unsure of,
// and the corrections' history. A reviewed attempt can seed an annotation of its recording.

const EXTRA_LABELS = ["IW", "RW", "SC", "NA"];
const labelsFor = (w: ReviewWord) =>
  Object.keys(LABELS).filter((code) => (w.expected.trim() ? code !== "IW" : EXTRA_LABELS.includes(code)));

export function ReadingReview({ id }: { id: string }) {
  const review = useReview(id);
  const history = useCorrectionHistory(id);
  const correct = useCorrectWord(id);
  const [selected, setSelected] = useState(0);
  const [playing, setPlaying] = useState<Playing | null>(null);

  if (review.error) return <ErrorState error={review.error} onRetry={() => review.refetch()} />;
  if (!review.data) return <LoadingBlock label="Loading the attempt…" />;
  const { feedback, student, challenge, engine, notAssessed, measured, mayCorrect } = review.data;
  const words = reviewWords(feedback.sentences, feedback.corrections);
  const word = words[selected] ?? null;
  const unsure = words.filter(isUnsure).length;
  const who = student?.name ?? "A student";
  const what = challenge?.name ?? "a read-aloud challenge";

  const select = (index: number, play: boolean) => {
    setSelected(index);
    const w = words[index];
    const span = w && wordSpan(w);
    if (play && w && span && feedback.audioUrl) {
      setPlaying({ url: feedback.audioUrl, label: `“${wordText(w)}” (${labelName(w.label)})`, span });
    }
  };

  return (
    <div className="space-y-4" data-testid="reading-review">
      <PageHeader
        title={`Reading of ${who}`}
        description={
          <>
            {what} · {formatDateTime(feedback.created)} ·{" "}
            <span data-testid="engine">
              {engine
                ? `Labelled by the ${engine} engine`
                : notAssessed
                  ? `Not judged by an engine: ${notAssessed}${measured ? `. Measured instead: ${measured}` : ""}`
                  : "Labels sent by an app (no engine named)"}
            </span>
          </>
        }
      />
      <ReadingFigures reading={feedback.reading} />
      <AudioPlayer playing={playing} idleText="Click a word (or press Enter on it) to hear it." />
      <section aria-labelledby="passage-heading" className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="passage-heading" className="text-base font-semibold">
          The passage as read
        </h2>
        {unsure > 0 && (
          <p className="text-sm text-slate-700" data-testid="unsure-count">
            {unsure} word{unsure === 1 ? "" : "s"} the engine was least sure of {unsure === 1 ? "is" : "are"} marked “?”
            for a second look.
          </p>
        )}
        {words.length === 0 ? (
          <p className="text-sm text-slate-600">This attempt has no words.</p>
        ) : (
          <PassageWords words={words} selected={selected} onSelect={select} />
        )}
        <LabelLegend />
      </section>
      {word && (
        <section aria-label="Selected word" className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
          <h2 className="text-base font-semibold">“{wordText(word)}”</h2>
          <p className="text-sm text-slate-700">
            {word.expected.trim() ? `In the text: “${word.expected}”. ` : "Not in the text. "}
            {word.recognized === null ? "Nothing was heard. " : `Heard: “${word.recognized}”. `}
            Engine’s label: {labelName(word.engineLabel)}.
            {typeof word.confidence === "number" && ` Engine’s confidence: ${Math.round(word.confidence * 100)}%.`}
          </p>
          {word.label === "NA" && word.explanation && (
            <p className="text-sm text-slate-700" data-testid="word-explanation">
              {word.explanation}
            </p>
          )}
          {mayCorrect ? (
            <label className="flex flex-wrap items-center gap-2 text-sm">
              Label
              <select
                className="rounded border border-slate-300 px-2 py-1"
                value={word.label}
                disabled={correct.isPending}
                data-testid="word-label"
                onChange={(e) =>
                  correct.mutate({ sentence: word.sentence, word: word.word, label: e.target.value as never })
                }
              >
                {labelsFor(word).map((code) => (
                  <option key={code} value={code}>
                    {code} · {labelName(code)}
                  </option>
                ))}
              </select>
            </label>
          ) : (
            <p className="text-sm">Label: {labelName(word.label)}</p>
          )}
        </section>
      )}
      <section aria-labelledby="history-heading" className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="history-heading" className="text-base font-semibold">
          Corrections
        </h2>
        {history.data && history.data.length > 0 ? (
          <ol className="space-y-1 text-sm" data-testid="correction-history">
            {history.data.map((c) => {
              const w = words.find((x) => x.sentence === c.sentence && x.word === c.word);
              return (
                <li key={c.id}>
                  {formatDateTime(c.created)} · {c.byName ?? "The organisation"}: “{w ? wordText(w) : "?"}”{" "}
                  {labelName(c.previousLabel)} → {labelName(c.label)}
                </li>
              );
            })}
          </ol>
        ) : (
          <p className="text-sm text-slate-600">No corrections yet: the labels are the engine’s.</p>
        )}
      </section>
      {mayCorrect && challenge && (
        <PrepareAnnotation
          feedbackId={id}
          student={who}
          challenge={{ id: challenge.id, name: what }}
          prepared={review.data.annotationRecording}
        />
      )}
      <p className="text-sm">
        <Link href="/progress" className="text-sky-800 underline">
          Back to progress
        </Link>
      </p>
    </div>
  );
}
