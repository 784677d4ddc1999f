"use client";
import { useId, useMemo, useState } from "react";
import { EmptyState, ErrorState, LoadingBlock } from "@/components/states";
import { MAX_IDS } from "@/lib/api/schemas";
import { useAnalyses, usePronunciationChallenges, VERDICT_CLASS } from "@/lib/web/challenges/use-pronunciation";
import { lowestPhonemes } from "@/lib/web/progress/lowest-phonemes";
import { PronunciationChallengeSelect } from "./pronunciation-challenge-select";

// The phonemes the shown students (the chosen groups' members) pronounce worst in one
// pronunciation challenge: each phoneme's mean score over all their analyses of it, lowest first,
// with how often it was heard, by how many students and how often it was judged bad.

const pct = (score: number) => `${Math.round(score * 100)}%`;
// A mean is no engine's verdict: its colour uses fixed bands (below 40 % red, below 70 % amber).
const verdictOf = (mean: number) => (mean < 0.4 ? "bad" : mean < 0.7 ? "moderate" : "good");

export function GroupPhonemes({ studentIds }: { studentIds: readonly string[] }) {
  const id = useId();
  const challenges = usePronunciationChallenges();
  const [chosen, setChosen] = useState("");
  const challenge = chosen || challenges.data?.[0]?.id || "";
  // The API takes up to MAX_IDS users in one filter.
  const users = useMemo(() => studentIds.slice(0, MAX_IDS), [studentIds]);
  const analyses = useAnalyses(challenge || null, users);
  const figures = useMemo(() => lowestPhonemes(analyses.data ?? []), [analyses.data]);
  if (challenges.data?.length === 0) return null;

  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid="group-phonemes"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id={`${id}-title`} className="text-base font-semibold">
        Lowest-scoring phonemes of these students
      </h2>
      {challenges.isPending ? (
        <LoadingBlock lines={1} />
      ) : challenges.isError ? (
        <ErrorState error={challenges.error} title="The pronunciation challenges could not be loaded" />
      ) : (
        <>
          {/* Not "Pronunciation challenge": the one student's panel above has that label. */}
          <PronunciationChallengeSelect
            label="Challenge whose phonemes to compare"
            challenges={challenges.data}
            value={challenge}
            onChange={setChosen}
            className="sm:max-w-md"
          />
          {analyses.isPending ? (
            <LoadingBlock lines={2} />
          ) : analyses.isError ? (
            <ErrorState error={analyses.error} onRetry={() => analyses.refetch()} />
          ) : figures.length === 0 ? (
            <EmptyState title="No assessed phonemes yet">These students have no analyses of this challenge.</EmptyState>
          ) : (
            <table className="w-full text-left text-sm" data-testid="lowest-phonemes">
              <caption className="sr-only">Phonemes by mean score, lowest first</caption>
              <thead className="text-xs text-slate-600">
                <tr>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    Phoneme
                  </th>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    Mean score
                  </th>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    Heard
                  </th>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    Judged bad
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    Students
                  </th>
                </tr>
              </thead>
              <tbody>
                {figures.map((f) => (
                  <tr key={f.ipa} className="border-t border-slate-100" data-testid="lowest-phoneme">
                    <th scope="row" className="py-1 pr-3 font-mono font-normal">
                      /{f.ipa}/
                    </th>
                    <td className="py-1 pr-3 tabular-nums">
                      <span className={`rounded px-1.5 py-0.5 ${VERDICT_CLASS[verdictOf(f.mean)]}`}>{pct(f.mean)}</span>
                    </td>
                    <td className="py-1 pr-3 tabular-nums">{f.heard}×</td>
                    <td className="py-1 pr-3 tabular-nums">{f.bad}×</td>
                    <td className="py-1 tabular-nums">{f.students}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
