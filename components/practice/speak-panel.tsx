"use client";
import { useEffect, useId, useState } from "react";
import { Button } from "@/components/button";
import { liveRecordingSupported } from "@/lib/web/practice/use-live-recorder";
import type { useSpeak } from "@/lib/web/practice/use-speak";
import { LevelMeter } from "./level-meter";
import { MicrophoneCheck, microphoneChecked } from "./microphone-check";

// The speaking controls every challenge kind shares: the microphone test the first time, a
// start/stop button with the level and the time left, what is happening in words (a live
// region), and an upload when the microphone cannot be used.

type Speak = ReturnType<typeof useSpeak<unknown>>;

export function SpeakPanel({ speak, limitSeconds, what }: { speak: Speak; limitSeconds: number; what: string }) {
  const fileId = useId();
  // Known only in the browser: null while rendering on the server.
  const [checked, setChecked] = useState<boolean | null>(null);
  const [supported, setSupported] = useState(true);
  const [checkProblem, setCheckProblem] = useState<string | null>(null);
  useEffect(() => {
    setChecked(microphoneChecked());
    setSupported(liveRecordingSupported());
  }, []);

  const { recorder, phase } = speak;
  const problem =
    checkProblem ??
    recorder.problem ??
    (supported ? null : "This browser cannot record here. Upload a recording instead.");
  const recording = recorder.state === "recording";
  const left = Math.max(0, Math.ceil(limitSeconds - recorder.elapsed));
  const status =
    phase === "connecting"
      ? "Getting ready…"
      : recording
        ? `Listening… ${left} seconds left`
        : phase === "judging"
          ? "Checking your answer…"
          : "";

  return (
    <div className="flex flex-col gap-3">
      {checked === false && !problem && (
        <MicrophoneCheck onPassed={() => setChecked(true)} onProblem={setCheckProblem} />
      )}
      {checked && !problem && (
        <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
          {recording || recorder.state === "stopping" ? (
            <Button variant="danger" className="py-3 text-base" onClick={speak.stop} disabled={!recording}>
              <span aria-hidden>■</span> I am done
            </Button>
          ) : (
            <Button
              variant="primary"
              className="py-3 text-base"
              onClick={() => void speak.speak()}
              disabled={phase === "connecting" || phase === "judging"}
            >
              <span aria-hidden>●</span> {phase === "done" || phase === "failed" ? "Speak again" : `Speak ${what}`}
            </Button>
          )}
          {(recording || recorder.state === "stopping") && <LevelMeter level={recorder.level} />}
          <p className="text-xs text-slate-600">You have up to {limitSeconds} seconds.</p>
        </div>
      )}
      <p role="status" aria-live="polite" className="min-h-5 text-sm text-slate-700">
        {status}
      </p>
      {speak.error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          Something went wrong: {speak.error}
        </p>
      )}
      {problem && (
        <div className="rounded-lg border border-amber-300 bg-amber-50 p-4">
          <p role="alert" className="text-sm text-amber-950">
            {problem}
          </p>
          <label htmlFor={fileId} className="mt-3 block text-sm font-medium">
            Upload a recording (WAV, Ogg or WebM)
          </label>
          <input
            id={fileId}
            type="file"
            accept="audio/wav,audio/x-wav,audio/ogg,audio/webm,.wav,.ogg,.opus,.webm"
            className="mt-1 block w-full text-sm"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void speak.upload(file);
            }}
          />
        </div>
      )}
    </div>
  );
}
