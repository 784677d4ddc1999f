"use client";
import { useState } from "react";
import { Button } from "@/components/button";
import { EmptyState, ErrorState, LoadingBlock } from "@/components/states";
import type { ProgressEntry } from "@/lib/progress/schemas";
import { useAnalyses, usePronunciationChallenges } from "@/lib/web/challenges/use-pronunciation";
import { displayName } from "@/lib/web/progress/progress-grid";
import { formatDateTime } from "@/lib/web/ui/display-format";
import { AnalysisWords, VerdictLegend } from "./analysis-words";
import type { Playing } from "./audio-player";
import { PronunciationChallengeSelect } from "./pronunciation-challenge-select";

// The chosen student's pronunciation analyses of one pronunciation challenge, newest first:
// overall score, and the text coloured grapheme by grapheme.

export function PronunciationPanel({
  user,
  onPlay,
}: {
  user: ProgressEntry["user"];
  onPlay: (playing: Playing) => void;
}) {
  const challenges = usePronunciationChallenges();
  const [chosen, setChosen] = useState("");
  const challenge = chosen || challenges.data?.[0]?.id || "";
  const analyses = useAnalyses(challenge || null, user.id);
  const name = displayName(user);

  return (
    <section
      aria-label="Pronunciation"
      data-testid="pronunciation-panel"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-base font-semibold">Pronunciation of {name}</h2>
        <VerdictLegend />
      </div>
      {challenges.isPending ? (
        <LoadingBlock lines={1} />
      ) : challenges.isError ? (
        <ErrorState error={challenges.error} title="The pronunciation challenges could not be loaded" />
      ) : challenges.data.length === 0 ? (
        <p className="text-sm text-slate-600">This organisation has no pronunciation challenges.</p>
      ) : (
        <>
          <PronunciationChallengeSelect
            label="Pronunciation challenge"
            challenges={challenges.data}
            value={challenge}
            onChange={setChosen}
          />
          {analyses.isPending ? (
            <LoadingBlock lines={2} />
          ) : analyses.isError ? (
            <ErrorState error={analyses.error} onRetry={() => analyses.refetch()} />
          ) : analyses.data.length === 0 ? (
            <EmptyState title={`${name} has no analyses of this challenge`} />
          ) : (
            <ol className="space-y-3">
              {analyses.data.map((a) => (
                <li key={a.id} data-testid="analysis" className="rounded-md border border-slate-200 p-3">
                  <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
                    <span>{formatDateTime(a.created)}</span>
                    <span className="font-semibold text-slate-900">
                      {a.score === null ? "Not scored" : `Score ${Math.round(a.score * 100)}%`}
                    </span>
                    {a.audioUrl && (
                      <Button
                        variant="ghost"
                        className="px-2 py-1"
                        onClick={() =>
                          onPlay({ url: a.audioUrl!, label: `${name}, analysis of ${formatDateTime(a.created)}` })
                        }
                      >
                        ▶ Play
                      </Button>
                    )}
                  </div>
                  {a.words ? (
                    <AnalysisWords
                      words={a.words}
                      onPlay={
                        a.audioUrl
                          ? (span, what) =>
                              onPlay({
                                url: a.audioUrl!,
                                span,
                                label: `${name}, ${what} of ${formatDateTime(a.created)}`,
                              })
                          : undefined
                      }
                    />
                  ) : (
                    <p className="text-sm text-slate-500">{a.console || "No assessed words."}</p>
                  )}
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}
