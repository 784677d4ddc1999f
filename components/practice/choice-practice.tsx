"use client";
import type { ChoiceChallenge } from "@/lib/challenges/choice/schemas";
import { useChallenge } from "@/lib/web/challenges/challenge-kinds";
import { useSpeak } from "@/lib/web/practice/use-speak";
import { ErrorState, LoadingBlock } from "../states";
import { PlayButton } from "./play-button";
import { PracticeFrame } from "./practice-frame";
import { SpeakPanel } from "./speak-panel";

// A choice challenge: the question, each choice with its audio, then the student says one; the
// recognised choice (or "not recognised") shows as soon as the engine answers.

type Recognition = { id: string; audioUrl: string | null; recognised: string | null };
/** Choice answers are short: a sentence. */
export const CHOICE_LIMIT_SECONDS = 10;

export function ChoicePractice({ id, token }: { id: string; token: string }) {
  const challenge = useChallenge("choice", id);
  const speak = useSpeak<Recognition>(token, "choice", id, CHOICE_LIMIT_SECONDS);
  if (challenge.isPending) return <LoadingBlock label="Loading the exercise…" />;
  if (challenge.error) return <ErrorState error={challenge.error} />;
  const c: ChoiceChallenge = challenge.data;
  return (
    <PracticeFrame title={c.question || "Say one of these"}>
      {c.status !== "prepared" && (
        <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950">
          This exercise is not ready yet. Ask your teacher.
        </p>
      )}
      <ul aria-label="Choices" className="flex flex-col gap-2">
        {c.choices.map((choice) => {
          const recognised = speak.result?.recognised === choice.choice;
          return (
            <li
              key={choice.choice}
              data-recognised={recognised || undefined}
              className={`flex items-center gap-3 rounded-lg border p-3 text-lg ${recognised ? "border-green-600 bg-green-50" : "border-slate-200 bg-white"}`}
            >
              {choice.audioUrl && <PlayButton url={choice.audioUrl} label={`Hear “${choice.choice}”`} />}
              <span className="flex-1">{choice.choice}</span>
              {recognised && <span className="text-sm font-semibold text-green-800">You said this</span>}
            </li>
          );
        })}
      </ul>
      <SpeakPanel speak={speak} limitSeconds={CHOICE_LIMIT_SECONDS} what="your answer" />
      {speak.result && (
        <section
          aria-label="Result"
          data-testid="practice-result"
          data-latency-ms={speak.latencyMs ?? undefined}
          className="rounded-lg border-2 p-4 text-lg"
        >
          {speak.result.recognised ? (
            <p>
              We heard: <strong>{speak.result.recognised}</strong>
            </p>
          ) : (
            <p>We did not recognise one of the choices. Try again, a little slower and clearer.</p>
          )}
        </section>
      )}
    </PracticeFrame>
  );
}
