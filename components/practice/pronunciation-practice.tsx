"use client";
import type { AnalysisWords as Words } from "@/lib/challenges/pronunciation/alignment";
import { useChallenge } from "@/lib/web/challenges/challenge-kinds";
import { useSpeak } from "@/lib/web/practice/use-speak";
import { AnalysisWords, VerdictLegend } from "../progress/analysis-words";
import { ErrorState, LoadingBlock } from "../states";
import { PlayButton } from "./play-button";
import { PracticeFrame } from "./practice-frame";
import { SpeakPanel } from "./speak-panel";

// A pronunciation challenge: hear the reference, say the sentence; each word's letters coloured
// by the engine's verdict (its phonemes on focus), with the student's own span of each word and
// the reference's to play side by side.

type Analysis = {
  id: string;
  audioUrl: string | null;
  score: number | null;
  words: Words | null;
  console?: string | null;
};
export const PRONUNCIATION_LIMIT_SECONDS = 20;

type Span = { from: number; to: number };
const spanOf = (chunks: { phonemes: { start: number; end: number }[] }[]): Span | null => {
  const phonemes = chunks.flatMap((c) => c.phonemes);
  return phonemes.length ? { from: phonemes[0]!.start, to: phonemes.at(-1)!.end } : null;
};

export function PronunciationPractice({ id, token }: { id: string; token: string }) {
  const challenge = useChallenge("pronunciation", id);
  const speak = useSpeak<Analysis>(token, "pronunciation", id, PRONUNCIATION_LIMIT_SECONDS);
  if (challenge.isPending) return <LoadingBlock label="Loading the exercise…" />;
  if (challenge.error) return <ErrorState error={challenge.error} />;
  const c = challenge.data;
  const result = speak.result;
  return (
    <PracticeFrame title="Say it well">
      <p className="rounded-lg border border-slate-200 bg-white p-4 text-xl">{c.transcription}</p>
      {c.referenceAudioUrl && (
        <p className="flex items-center gap-2">
          <PlayButton url={c.referenceAudioUrl} label="Hear how it sounds" /> Hear how it sounds
        </p>
      )}
      <SpeakPanel speak={speak} limitSeconds={PRONUNCIATION_LIMIT_SECONDS} what="the sentence" />
      {result && (
        <section
          aria-label="Result"
          data-testid="practice-result"
          className="flex flex-col gap-3 rounded-lg border-2 p-4"
        >
          {result.words && result.score !== null ? (
            <>
              <p>
                Your score: <strong>{Math.round(result.score * 100)}%</strong>. Green is good, orange nearly, red needs
                practice.
              </p>
              {/* Clipped sideways: the words' phoneme tooltips must not widen a phone-sized page. */}
              <div className="overflow-x-clip">
                <AnalysisWords words={result.words} />
              </div>
              <VerdictLegend />
              <ul aria-label="Listen word by word" className="flex flex-col gap-1">
                {result.words.map((word, w) => {
                  const text = word.chunks.map((ch) => ch.graphemes).join("");
                  const mine = spanOf(word.chunks);
                  const theirs = c.alignment?.words[w] ? spanOf(c.alignment.words[w].chunks) : null;
                  return (
                    <li key={w} className="flex items-center gap-2">
                      <span className="min-w-24">{text}</span>
                      {result.audioUrl && mine && (
                        <PlayButton
                          url={result.audioUrl}
                          label={`Hear me say “${text}”`}
                          text="Me"
                          from={mine.from}
                          to={mine.to}
                        />
                      )}
                      {c.referenceAudioUrl && theirs && (
                        <PlayButton
                          url={c.referenceAudioUrl}
                          label={`Hear “${text}” in the example`}
                          text="Example"
                          from={theirs.from}
                          to={theirs.to}
                        />
                      )}
                    </li>
                  );
                })}
              </ul>
            </>
          ) : (
            <p>Your answer is saved, but it could not be scored here{result.console ? `: ${result.console}` : "."}</p>
          )}
        </section>
      )}
    </PracticeFrame>
  );
}
