"use client";
import { useCallback, useEffect, useRef, useState } from "react";
import { startPcmCapture } from "./pcm-capture";
import { encodeWav } from "./wav-encoder";
import { webmOpusType, webmToOgg } from "./webm-to-ogg";

// Recording from the microphone into one of the two containers the API takes:
// - "wav": PCM captured by an AudioWorklet and encoded as 16-bit WAV in the page;
// - "ogg": MediaRecorder's WebM/Opus, remuxed to Ogg Opus (no re-encoding) by mediabunny.
// A level meter (AnalyserNode) and the elapsed time show while recording.

export type RecordingFormat = "wav" | "ogg";
export type RecorderState = "idle" | "starting" | "recording" | "finishing";

type Session = { finish: () => Promise<File>; release: () => void };

export function canRecord(): boolean {
  return (
    typeof navigator !== "undefined" && !!navigator.mediaDevices?.getUserMedia && typeof AudioContext !== "undefined"
  );
}

export function canRecordOgg(): boolean {
  return webmOpusType() !== null;
}

function describeError(error: unknown): string {
  const name = (error as { name?: string })?.name;
  if (name === "NotAllowedError" || name === "SecurityError")
    return "Microphone access was refused. Allow it in the browser's site settings, then try again.";
  if (name === "NotFoundError" || name === "OverconstrainedError")
    return "No microphone was found. Connect one, then try again.";
  if (name === "NotReadableError") return "The microphone is in use by another program.";
  return error instanceof Error ? error.message : String(error);
}

const fileName = (ext: string) => `recording-${new Date().toISOString().replace(/[:.]/g, "-")}.${ext}`;

async function open(format: RecordingFormat, onLevel: (level: number) => void): Promise<Session> {
  if (!canRecord())
    throw new Error("This browser cannot record audio on this page (recording needs a secure https page).");
  const webmType = format === "ogg" ? webmOpusType() : null;
  if (format === "ogg" && !webmType) throw new Error("This browser cannot record Opus audio; record WAV instead.");
  const stream = await navigator.mediaDevices.getUserMedia({
    audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false },
  });
  const context = new AudioContext();
  let frame = 0;
  const release = () => {
    cancelAnimationFrame(frame);
    stream.getTracks().forEach((track) => track.stop());
    void context.close().catch(() => {});
  };
  try {
    await context.resume();
    const source = context.createMediaStreamSource(stream);
    const analyser = context.createAnalyser();
    analyser.fftSize = 1024;
    source.connect(analyser);
    const buffer = new Float32Array(analyser.fftSize);
    const meter = () => {
      analyser.getFloatTimeDomainData(buffer);
      let peak = 0;
      for (const s of buffer) peak = Math.max(peak, Math.abs(s));
      onLevel(peak);
      frame = requestAnimationFrame(meter);
    };
    meter();

    if (format === "wav") {
      const capture = await startPcmCapture(context, source);
      return {
        release,
        finish: async () => {
          const pcm = await capture.stop();
          if (pcm.length === 0) throw new Error("Nothing was recorded.");
          return new File(
            [encodeWav(pcm, { sampleRate: capture.sampleRate }) as Uint8Array<ArrayBuffer>],
            fileName("wav"),
            { type: "audio/wav" },
          );
        },
      };
    }
    const recorder = new MediaRecorder(stream, { mimeType: webmType!, audioBitsPerSecond: 64_000 });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => event.data.size > 0 && chunks.push(event.data);
    const stopped = new Promise<void>((resolve) => (recorder.onstop = () => resolve()));
    recorder.start(250);
    return {
      release,
      finish: async () => {
        if (recorder.state !== "inactive") recorder.stop();
        await stopped;
        const ogg = await webmToOgg(new Blob(chunks, { type: webmType! }));
        return new File([ogg as Uint8Array<ArrayBuffer>], fileName("ogg"), { type: "audio/ogg" });
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** Recording state and controls; `onRecorded` receives the finished file. */
export function useRecorder(onRecorded: (file: File) => void) {
  const [state, setState] = useState<RecorderState>("idle");
  const [error, setError] = useState<string | null>(null);
  const [elapsedMs, setElapsedMs] = useState(0);
  const [level, setLevel] = useState(0);
  const session = useRef<Session | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const callback = useRef(onRecorded);
  useEffect(() => {
    callback.current = onRecorded;
  }, [onRecorded]);

  const end = useCallback(() => {
    clearInterval(timer.current);
    session.current?.release();
    session.current = null;
    setLevel(0);
  }, []);

  useEffect(() => end, [end]);

  const start = useCallback(
    async (format: RecordingFormat) => {
      if (session.current) return;
      setError(null);
      setState("starting");
      try {
        session.current = await open(format, setLevel);
        const started = Date.now();
        setElapsedMs(0);
        timer.current = setInterval(() => setElapsedMs(Date.now() - started), 200);
        setState("recording");
      } catch (e) {
        end();
        setError(describeError(e));
        setState("idle");
      }
    },
    [end],
  );

  const stop = useCallback(async () => {
    const current = session.current;
    if (!current) return;
    setState("finishing");
    clearInterval(timer.current);
    try {
      const file = await current.finish();
      callback.current(file);
    } catch (e) {
      setError(describeError(e));
    } finally {
      end();
      setState("idle");
    }
  }, [end]);

  return { state, error, elapsedMs, level, start, stop };
}
