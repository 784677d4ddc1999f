"use client";
import { useCallback, useRef, useState } from "react";
import { webmOpusType } from "../audio/webm-to-ogg";
import { base64 } from "./answers";
import { microphoneProblem } from "./use-live-recorder";
import { type Invocation, WampSession } from "./wamp";

// Reading a passage aloud with feedback per sentence, as the SDK does it: feedback.prepare, a
// procedure of this session the server pulls the audio from (each MediaRecorder chunk a progressive
// YIELD, then a final one), feedback.listen_and_reply whose progress is one judged sentence at a
// time, and feedback.pause / feedback.resume [id, sentence]. Stored by the server as POST /feedback.

export type FeedbackWord = {
  textIndex: number;
  expected: string;
  recognized: string | null;
  label: string;
  description: string;
  /** Where no engine judged the word: why, and what was measured instead (the same for its sentence). */
  explanation?: string;
};
export type JudgedSentence = { sentence: number; errors: number; words: FeedbackWord[] };
export type ReadPhase = "ready" | "starting" | "reading" | "paused" | "judging" | "done" | "failed";

export function useReadAloud(token: string, challengeId: string, limitSeconds: number) {
  const [phase, setPhase] = useState<ReadPhase>("ready");
  const [sentences, setSentences] = useState<Map<number, JudgedSentence>>(new Map());
  const [problem, setProblem] = useState<string | null>(null);
  const control = useRef<{ pause: () => void; resume: () => void; stop: () => void } | null>(null);

  const start = useCallback(async () => {
    setProblem(null);
    setSentences(new Map());
    setPhase("starting");
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        audio: { echoCancellation: false, noiseSuppression: false },
      });
    } catch (error) {
      setProblem(microphoneProblem(error));
      setPhase("ready");
      return;
    }
    try {
      const session = await WampSession.open(token);
      const id = await session.call("nl.itslanguage.feedback.prepare", [challengeId]);
      // Chunks wait here until the server asks for the stream (its INVOCATION), then flow as they come.
      const pending: (string | null)[] = [];
      let invocation: Invocation | null = null;
      const flush = () => {
        while (invocation && pending.length) {
          const chunk = pending.shift()!;
          invocation.send(chunk, chunk !== null);
        }
      };
      const name = `nl.itslanguage.feedback.stream.${Math.floor(Date.now() / 1000)}.${crypto.randomUUID().slice(0, 8)}`;
      await session.register(name, (i) => {
        invocation = i;
        flush();
      });
      // One MediaRecorder per stretch of reading: after a pause the server starts a new segment
      // and expects its own header (lib/recognition/answers/answer-audio.ts), which a new recorder
      // sends. Chunks go out in order, each after the one before it.
      let chain = Promise.resolve();
      let recorder: MediaRecorder | null = null;
      const record = (then: () => void) => {
        const r = new MediaRecorder(stream, { mimeType: webmOpusType() ?? undefined });
        r.ondataavailable = (event) => {
          chain = chain.then(async () => {
            if (event.data.size) pending.push(await base64(event.data));
            flush();
          });
        };
        r.onstop = () => {
          chain = chain.then(then);
        };
        r.start(250);
        recorder = r;
      };
      const end = () => {
        for (const track of stream.getTracks()) track.stop();
        pending.push(null);
        flush();
      };
      let judged = 0;
      const reply = session.call("nl.itslanguage.feedback.listen_and_reply", [id, name], {}, (value) => {
        const sentence = value as JudgedSentence;
        judged = Math.max(judged, sentence.sentence + 1);
        setSentences((m) => new Map(m).set(sentence.sentence, sentence));
      });
      let stopping = false;
      const limit = setTimeout(() => control.current?.stop(), limitSeconds * 1000);
      control.current = {
        // The stretch's last chunk is sent before the server is told to pause (it drops what follows).
        pause: () => {
          if (recorder?.state !== "recording") return;
          setPhase("paused");
          recorder.onstop = () => {
            chain = chain.then(() => session.call("nl.itslanguage.feedback.pause", [id])).then(() => undefined);
          };
          recorder.stop();
          recorder = null;
        },
        // Judging goes on from the first sentence not judged yet: where the student stopped.
        resume: () => {
          setPhase("reading");
          chain = chain
            .then(() => session.call("nl.itslanguage.feedback.resume", [id, judged]))
            .then(() => {
              if (!stopping) record(() => {});
            });
        },
        stop: () => {
          stopping = true;
          clearTimeout(limit);
          setPhase("judging");
          const r = recorder as MediaRecorder | null;
          if (r && r.state !== "inactive") {
            r.onstop = () => {
              chain = chain.then(end);
            };
            r.stop();
          } else chain = chain.then(end);
        },
      };
      record(() => {});
      setPhase("reading");
      await reply;
      setPhase("done");
      session.close();
    } catch (error) {
      for (const track of stream.getTracks()) track.stop();
      setProblem(error instanceof Error ? error.message : String(error));
      setPhase("failed");
    }
  }, [token, challengeId, limitSeconds]);

  return {
    phase,
    sentences,
    problem,
    start,
    pause: () => control.current?.pause(),
    resume: () => control.current?.resume(),
    stop: () => control.current?.stop(),
  };
}
