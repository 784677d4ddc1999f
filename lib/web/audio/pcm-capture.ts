// Raw PCM from a microphone stream through an AudioWorklet (the recording path that ends
// in WAV). The processor mixes its input down to mono and posts blocks of samples to the
// page; the page keeps them until stop() and reports the level for a meter. Browser-only.

import { concatFloat32 } from "./wav-encoder";

const PROCESSOR = "pcm-capture";

// Runs in the AudioWorkletGlobalScope; loaded from a Blob URL so no separate asset is needed.
const WORKLET_SOURCE = `
class PcmCapture extends AudioWorkletProcessor {
  constructor() {
    super();
    this.block = new Float32Array(4096);
    this.filled = 0;
    this.peak = 0;
    this.stopped = false;
    this.port.onmessage = (event) => {
      if (event.data !== "stop") return;
      this.flush();
      this.stopped = true;
      this.port.postMessage({ done: true });
    };
  }
  flush() {
    if (this.filled === 0) return;
    const samples = this.block.slice(0, this.filled);
    this.port.postMessage({ samples, peak: this.peak }, [samples.buffer]);
    this.filled = 0;
    this.peak = 0;
  }
  process(inputs) {
    if (this.stopped) return false;
    const input = inputs[0];
    if (!input || input.length === 0) return true;
    const frames = input[0].length;
    for (let i = 0; i < frames; i++) {
      let sum = 0;
      for (let c = 0; c < input.length; c++) sum += input[c][i];
      const s = sum / input.length;
      this.block[this.filled++] = s;
      const a = s < 0 ? -s : s;
      if (a > this.peak) this.peak = a;
      if (this.filled === this.block.length) this.flush();
    }
    return true;
  }
}
registerProcessor("${PROCESSOR}", PcmCapture);
`;

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
  const url = URL.createObjectURL(new Blob([WORKLET_SOURCE], { type: "text/javascript" }));
  try {
    await context.audioWorklet.addModule(url);
    loaded.add(context);
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Starts capturing `source` (a node of `context`); `onLevel` gets the peak (0–1) of each block. */
export async function startPcmCapture(context: AudioContext, source: AudioNode, onLevel?: (peak: number) => void): Promise<PcmCapture> {
  await loadProcessor(context);
  const node = new AudioWorkletNode(context, PROCESSOR, { numberOfInputs: 1, numberOfOutputs: 1, outputChannelCount: [1] });
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
