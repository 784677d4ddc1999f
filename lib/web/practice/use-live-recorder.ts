"use client";
import { useCallback, useEffect, useRef, useState } from "react";
import { webmOpusType } from "../audio/webm-to-ogg";

// The microphone for practising: MediaRecorder's WebM/Opus in quarter-second chunks, handed over
// as they come so they reach the recognition server while the student is still speaking (the
// result then needs only the last chunk after they stop). A level meter (AnalyserNode), the
// elapsed time, and a stop at the challenge's time limit.

export type LiveState = "idle" | "starting" | "recording" | "stopping";
/** A quarter of a second: small enough that little is left to send when speaking ends. */
const TIMESLICE_MS = 250;

type Sink = { chunk: (data: Blob) => void; done: () => void };

/** Why recording cannot start, in a student's words, with whether uploading a file is the way on. */
export function microphoneProblem(error: unknown): string {
  const name = (error as { name?: string })?.name;
  if (name === "NotAllowedError" || name === "SecurityError")
    return "The browser did not let this page use the microphone. Allow the microphone in the browser's settings for this site, or upload a recording instead.";
  if (name === "NotFoundError" || name === "OverconstrainedError")
    return "No microphone was found. Plug one in, or upload a recording instead.";
  if (name === "NotReadableError")
    return "Another program is using the microphone. Close it, or upload a recording instead.";
  return "The microphone could not start. Upload a recording instead.";
}

export function liveRecordingSupported(): boolean {
  return typeof navigator !== "undefined" && !!navigator.mediaDevices?.getUserMedia && webmOpusType() !== null;
}

export function useLiveRecorder(limitSeconds: number) {
  const [state, setState] = useState<LiveState>("idle");
  const [level, setLevel] = useState(0);
  const [elapsed, setElapsed] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const stopRef = useRef<(() => void) | null>(null);

  const stop = useCallback(() => stopRef.current?.(), []);
  useEffect(() => () => stopRef.current?.(), []);

  /** Starts recording; chunks go to `sink` in order, then `done` once the last one is out. */
  const start = useCallback(
    async (sink: Sink): Promise<boolean> => {
      setProblem(null);
      setState("starting");
      let stream: MediaStream;
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          audio: { echoCancellation: false, noiseSuppression: false },
        });
      } catch (error) {
        setProblem(microphoneProblem(error));
        setState("idle");
        return false;
      }
      const context = new AudioContext();
      const analyser = context.createAnalyser();
      analyser.fftSize = 1024;
      context.createMediaStreamSource(stream).connect(analyser);
      const samples = new Float32Array(analyser.fftSize);
      const recorder = new MediaRecorder(stream, { mimeType: webmOpusType() ?? undefined });
      const began = performance.now();
      let frame = 0;
      const tick = () => {
        analyser.getFloatTimeDomainData(samples);
        let peak = 0;
        for (const s of samples) peak = Math.max(peak, Math.abs(s));
        setLevel(peak);
        const seconds = (performance.now() - began) / 1000;
        setElapsed(seconds);
        if (seconds >= limitSeconds) stopRef.current?.();
        else frame = requestAnimationFrame(tick);
      };
      recorder.ondataavailable = (event) => event.data.size > 0 && sink.chunk(event.data);
      recorder.onstop = () => {
        cancelAnimationFrame(frame);
        for (const track of stream.getTracks()) track.stop();
        void context.close();
        setLevel(0);
        setState("idle");
        stopRef.current = null;
        sink.done();
      };
      stopRef.current = () => {
        if (recorder.state === "inactive") return;
        setState("stopping");
        recorder.stop();
      };
      recorder.start(TIMESLICE_MS);
      setElapsed(0);
      setState("recording");
      frame = requestAnimationFrame(tick);
      return true;
    },
    [limitSeconds],
  );

  return { state, level, elapsed, problem, start, stop };
}
