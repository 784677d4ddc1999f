"use client";
import { useCallback, useEffect, useRef, useState } from "react";
import { webmOpusType } from "../audio/webm-to-ogg";
import { type AnswerKind, type LiveAnswer, localAnswer, startAnswer } from "./answers";
import { useLiveRecorder } from "./use-live-recorder";
import { WampSession } from "./wamp";

// Speaking one answer: the recognition session (opened on first use, kept for the page), the
// microphone streaming into the answer's procedures, and the result. `endedAt` is when the
// student stopped speaking (performance.now()), for the latency figure the page exposes.

export type SpeakPhase = "ready" | "connecting" | "recording" | "judging" | "done" | "failed";

/** `keepLocal`: a speech exercise tried by a teacher, recorded in the page and never sent. */
export function useSpeak<T>(
  token: string,
  kind: AnswerKind,
  challengeId: string,
  limitSeconds: number,
  keepLocal = false,
) {
  const recorder = useLiveRecorder(limitSeconds);
  const session = useRef<Promise<WampSession> | null>(null);
  const [phase, setPhase] = useState<SpeakPhase>("ready");
  const [result, setResult] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** From the end of speaking (the stop, or the time limit) to the result, in ms. */
  const [latencyMs, setLatencyMs] = useState<number | null>(null);
  const endedAt = useRef(0);

  useEffect(
    () => () => {
      void session.current?.then((s) => s.close()).catch(() => {});
    },
    [],
  );

  const open = useCallback((): Promise<WampSession> => {
    // A session that failed or closed is opened again on the next try.
    session.current ??= WampSession.open(token).catch((e) => {
      session.current = null;
      throw e;
    });
    return session.current.then((s) => {
      if (!s.closed) return s;
      session.current = null;
      return open();
    });
  }, [token]);

  const judge = useCallback(
    async (run: (s: WampSession) => Promise<T>) => {
      try {
        const value = await run(await open());
        setLatencyMs(Math.round(performance.now() - endedAt.current));
        setResult(value);
        setPhase("done");
        return value;
      } catch (e) {
        setError(e instanceof Error ? e.message : String(e));
        setPhase("failed");
        return null;
      }
    },
    [open],
  );

  /** Records from the microphone until `stop` (or the time limit), then judges. */
  const speak = useCallback(async () => {
    setError(null);
    setResult(null);
    endedAt.current = 0;
    setPhase("connecting");
    const mime = webmOpusType() ?? "audio/webm";
    let answer: LiveAnswer<T>;
    try {
      answer = keepLocal
        ? (localAnswer(mime) as unknown as LiveAnswer<T>)
        : await startAnswer<T>(await open(), kind, challengeId, mime);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setPhase("failed");
      return;
    }
    const started = await recorder.start({
      chunk: (data) => answer.write(data),
      done: () => {
        // A stop pressed by the student set it already; the time limit sets it here.
        endedAt.current ||= performance.now();
        setPhase("judging");
        void judge(() => answer.finish());
      },
    });
    if (started) setPhase("recording");
    else setPhase("ready");
  }, [open, kind, challengeId, recorder, judge, keepLocal]);

  /** An uploaded file instead of the microphone: one chunk through the same procedures. */
  const upload = useCallback(
    async (file: File) => {
      setError(null);
      setResult(null);
      setPhase("judging");
      endedAt.current = performance.now();
      await judge(async (s) => {
        const answer = await startAnswer<T>(s, kind, challengeId, file.type || "audio/wav");
        answer.write(file);
        return answer.finish();
      });
    },
    [judge, kind, challengeId],
  );

  const reset = useCallback(() => {
    setResult(null);
    setError(null);
    setPhase("ready");
  }, []);

  const stop = useCallback(() => {
    endedAt.current = performance.now();
    recorder.stop();
  }, [recorder]);

  return { phase, result, error, latencyMs, recorder, speak, stop, upload, reset };
}
