"use client";
import { useCallback, useEffect, useRef, useState } from "react";
import { webmOpusType } from "../audio/webm-to-ogg";
import { type AnswerKind, startAnswer } from "./answers";
import { useLiveRecorder } from "./use-live-recorder";
import { WampSession } from "./wamp";

// Speaking one answer: the recognition session (opened on first use, kept for the page), the
// microphone streaming into the answer's procedures, and the result. `endedAt` is when the
// student stopped speaking (performance.now()), for the latency figure the page exposes.

export type SpeakPhase = "ready" | "connecting" | "recording" | "judging" | "done" | "failed";

export function useSpeak<T>(token: string, kind: AnswerKind, challengeId: string, limitSeconds: number) {
  const recorder = useLiveRecorder(limitSeconds);
  const session = useRef<Promise<WampSession> | null>(null);
  const [phase, setPhase] = useState<SpeakPhase>("ready");
  const [result, setResult] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
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
    setPhase("connecting");
    const mime = webmOpusType() ?? "audio/webm";
    let answer: Awaited<ReturnType<typeof startAnswer<T>>>;
    try {
      answer = await startAnswer<T>(await open(), kind, challengeId, mime);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setPhase("failed");
      return;
    }
    const started = await recorder.start({
      chunk: (data) => answer.write(data),
      done: () => {
        endedAt.current = performance.now();
        setPhase("judging");
        void judge(() => answer.finish());
      },
    });
    if (started) setPhase("recording");
    else setPhase("ready");
  }, [open, kind, challengeId, recorder, judge]);

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

  return { phase, result, error, recorder, speak, stop: recorder.stop, upload, reset, endedAt };
}
