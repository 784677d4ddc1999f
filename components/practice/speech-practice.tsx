"use client";
import { useQuery } from "@tanstack/react-query";
import type { SpeechChallenge } from "@/lib/challenges/speech/schemas";
import { sessionCallHeaders } from "@/lib/web/api/api-client";
import { useChallenge } from "@/lib/web/challenges/challenge-kinds";
import { srtSentences } from "@/lib/web/practice/srt";
import { useSpeak } from "@/lib/web/practice/use-speak";
import { isStudent } from "@/lib/web/ui/nav";
import { usePrincipal } from "@/lib/web/views/use-principal";
import { ApiImage } from "../categories/api-image";
import { ErrorState, LoadingBlock } from "../states";
import { PlayButton } from "./play-button";
import { PracticeFrame } from "./practice-frame";
import { ReadAloud } from "./read-aloud";
import { SpeakPanel } from "./speak-panel";

// A speech challenge: its topic or passage (the SRT's sentences), its image and reference audio
// where set; the student speaks and the recording is stored through recording.* exactly as an
// app's, so it counts in their progress and their teacher hears it.

type Recording = { id: string; audioUrl: string | null };
/** Speaking about a topic or reading a passage: two minutes at most. */
export const SPEECH_LIMIT_SECONDS = 120;

function usePassage(challenge: SpeechChallenge | undefined) {
  return useQuery({
    queryKey: ["practice-srt", challenge?.srtUrl],
    queryFn: async () =>
      srtSentences(await (await fetch(challenge!.srtUrl!, { headers: sessionCallHeaders() })).text()),
    enabled: !!challenge?.srtUrl,
    staleTime: Infinity,
  });
}

export function SpeechPractice({ id, token }: { id: string; token: string }) {
  const challenge = useChallenge("speech", id);
  const passage = usePassage(challenge.data);
  const principal = usePrincipal();
  // Teachers and administrators try the exercise: their take stays in the page (see localAnswer).
  const trying = !principal.isLoading && !isStudent(principal.roles);
  const speak = useSpeak<Recording>(token, "recording", id, SPEECH_LIMIT_SECONDS, trying);
  if (challenge.isPending) return <LoadingBlock label="Loading the exercise…" />;
  if (challenge.error) return <ErrorState error={challenge.error} />;
  const c = challenge.data;
  return (
    <PracticeFrame title={c.topic || "Speak"} trying={trying}>
      {c.imageUrl && (
        <ApiImage url={c.imageUrl} alt="The picture of this exercise" className="max-h-72 self-start rounded-lg" />
      )}
      {c.referenceAudioUrl && (
        <p className="flex items-center gap-2">
          <PlayButton url={c.referenceAudioUrl} label="Hear how it sounds" /> Hear how it sounds
        </p>
      )}
      {passage.data?.length && !trying ? (
        <ReadAloud token={token} challengeId={id} sentences={passage.data} limitSeconds={SPEECH_LIMIT_SECONDS} />
      ) : (
        <>
          {passage.data && passage.data.length > 0 && (
            <section
              aria-label="Read this aloud"
              className="rounded-lg border border-slate-200 bg-white p-4 text-lg leading-relaxed"
            >
              {passage.data.map((sentence, i) => (
                <p key={i}>{sentence}</p>
              ))}
            </section>
          )}
          <SpeakPanel
            speak={speak}
            limitSeconds={SPEECH_LIMIT_SECONDS}
            what={passage.data?.length ? "and read it aloud" : "now"}
          />
          {speak.result && (
            <section
              aria-label="Result"
              data-testid="practice-result"
              className="flex items-center gap-2 rounded-lg border-2 border-green-600 p-4"
            >
              <p className="flex-1">
                {trying
                  ? "This was a try: your recording stays on this page and is not saved."
                  : "Well done! Your recording is saved, and your teacher can listen to it."}
              </p>
              {speak.result.audioUrl && <PlayButton url={speak.result.audioUrl} label="Hear my recording" />}
            </section>
          )}
        </>
      )}
    </PracticeFrame>
  );
}
