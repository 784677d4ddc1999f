"use client";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/button";
import { microphoneProblem } from "@/lib/web/practice/use-live-recorder";
import { LevelMeter } from "./level-meter";

// A short microphone test before the first recording: three seconds of listening with the level
// meter, then whether the student was heard. Passed once, it is remembered on this device.

const CHECKED = "practice-microphone-checked";
const TEST_SECONDS = 3;
/** A peak above this is a voice (or at least a sound), not silence. */
const HEARD = 0.05;

export function microphoneChecked(): boolean {
  try {
    return localStorage.getItem(CHECKED) === "yes";
  } catch {
    return false;
  }
}

export function MicrophoneCheck({
  onPassed,
  onProblem,
}: {
  onPassed: () => void;
  onProblem: (message: string) => void;
}) {
  const [state, setState] = useState<"idle" | "listening" | "silent">("idle");
  const [level, setLevel] = useState(0);
  const cleanup = useRef<(() => void) | null>(null);
  useEffect(() => () => cleanup.current?.(), []);

  async function test() {
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      onProblem(microphoneProblem(error));
      return;
    }
    setState("listening");
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    context.createMediaStreamSource(stream).connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    let loudest = 0;
    let frame = 0;
    const began = performance.now();
    const finish = () => {
      cancelAnimationFrame(frame);
      for (const track of stream.getTracks()) track.stop();
      void context.close();
      cleanup.current = null;
    };
    cleanup.current = finish;
    const tick = () => {
      analyser.getFloatTimeDomainData(samples);
      let peak = 0;
      for (const s of samples) peak = Math.max(peak, Math.abs(s));
      loudest = Math.max(loudest, peak);
      setLevel(peak);
      if (performance.now() - began < TEST_SECONDS * 1000) {
        frame = requestAnimationFrame(tick);
        return;
      }
      finish();
      setLevel(0);
      if (loudest < HEARD) return setState("silent");
      localStorage.setItem(CHECKED, "yes");
      onPassed();
    };
    frame = requestAnimationFrame(tick);
  }

  return (
    <section aria-labelledby="mic-check" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="mic-check" className="font-semibold">
        First, a quick microphone test
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Press the button and say your name. The green bar moves when the microphone hears you.
      </p>
      <div className="mt-3 flex flex-col gap-3">
        <LevelMeter level={level} />
        {state === "silent" && (
          <p role="alert" className="text-sm text-red-800">
            We could not hear you. Check that the microphone is on and not muted, then try again.
          </p>
        )}
        <Button variant="primary" onClick={() => void test()} disabled={state === "listening"}>
          {state === "listening" ? "Listening… say your name" : "Test my microphone"}
        </Button>
      </div>
    </section>
  );
}
