// The AudioWorklet processor of lib/web/audio/pcm-capture.ts (registered as "pcm-capture",
// the name it uses). A static file, not a Blob URL: the pages' Content-Security-Policy runs
// scripts from our own origin and with the page's nonce, nothing else.
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
registerProcessor("pcm-capture", PcmCapture);
