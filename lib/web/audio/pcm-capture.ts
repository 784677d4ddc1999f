// Raw PCM from a microphone stream through an AudioWorklet (the recording path that ends
// in WAV). The processor mixes its input down to mono and posts blocks of samples to the
// page; the page keeps them until stop() and reports the level for a meter. Browser-only.

import { concatFloat32 } from "./wav-encoder";

const PROCESSOR = "pcm-capture";

// Runs in the AudioWorkletGlobalScope: public/worklets/pcm-capture.js (it registers PROCESSOR).
const WORKLET_URL = "/worklets/pcm-capture.js";

export type PcmCapture = {
  sampleRate: number;
  /** Ends the capture: every sample so far, mono. */
  stop: () => Promise<Float32Array>;
  /** Ends the capture and drops what was captured. */
  cancel: () => void;
};

const loaded = new WeakSet<BaseAudioContext>();

async function loadProcessor(context: AudioContext): Promise<void> {
  if (loaded.has(context)) return;
  await context.audioWorklet.addModule(WORKLET_URL);
  loaded.add(context);
}

/** Starts capturing `source` (a node of `context`); `onLevel` gets the peak (0–1) of each block. */
export async function startPcmCapture(
  context: AudioContext,
  source: AudioNode,
  onLevel?: (peak: number) => void,
): Promise<PcmCapture> {
  await loadProcessor(context);
  const node = new AudioWorkletNode(context, PROCESSOR, {
    numberOfInputs: 1,
    numberOfOutputs: 1,
    outputChannelCount: [1],
  });
  // Pulled by the destination so the processor runs; its output is silence (nothing written).
  const mute = context.createGain();
  mute.gain.value = 0;
  source.connect(node);
  node.connect(mute).connect(context.destination);

  const blocks: Float32Array[] = [];
  let finish: (() => void) | undefined;
  node.port.onmessage = (event: MessageEvent<{ samples?: Float32Array; peak?: number; done?: boolean }>) => {
    if (event.data.samples) {
      blocks.push(event.data.samples);
      onLevel?.(event.data.peak ?? 0);
    }
    if (event.data.done) finish?.();
  };
  const disconnect = () => {
    node.port.onmessage = null;
    source.disconnect(node);
    node.disconnect();
    mute.disconnect();
  };

  return {
    sampleRate: context.sampleRate,
    stop: async () => {
      // The processor posts what it holds, then "done"; a suspended context would never answer.
      const done = new Promise<void>((resolve) => {
        finish = resolve;
        setTimeout(resolve, 1000);
      });
      node.port.postMessage("stop");
      await done;
      disconnect();
      return concatFloat32(blocks);
    },
    cancel: () => {
      node.port.postMessage("stop");
      disconnect();
      blocks.length = 0;
    },
  };
}
