import { WebSocket } from "ws";

// What the SDK's websocket half needs from a browser, in the Node test process: a WebSocket
// (autobahn uses `global.WebSocket` when there is one: `ws` has the same API), a FileReader and
// `window.btoa` (its chunk encoding), and a MediaRecorder-like recorder that plays prepared chunks.

/** Installs the browser globals the SDK's websocket functions use; returns a function that removes them. */
export function installBrowserGlobals(): () => void {
  const g = globalThis as Record<string, unknown>;
  const added = ["WebSocket", "FileReader", "window"].filter((k) => !(k in g));
  g.WebSocket ??= WebSocket;
  g.FileReader ??= FileReaderShim;
  g.window ??= globalThis;
  return () => {
    for (const k of added) delete g[k];
  };
}

class FileReaderShim extends EventTarget {
  result: ArrayBuffer | null = null;
  error: unknown = null;
  readAsArrayBuffer(blob: Blob): void {
    blob.arrayBuffer().then(
      (buffer) => {
        this.result = buffer;
        this.dispatchEvent(new Event("loadend"));
      },
      (error) => {
        this.error = error;
        this.dispatchEvent(new Event("error"));
      },
    );
  }
  abort(): void {}
}

/**
 * A recorder as the SDK expects one (MediaRecorder events plus getAudioSpecs): once the SDK says
 * it is ready ("recorderready"), it emits its chunks as `dataavailable` events, then `stop`.
 * `pauseAfter` stops emitting after that many chunks until `resumeChunks()`.
 */
export class FakeRecorder extends EventTarget {
  private sent = 0;
  private waiting: (() => void) | null = null;
  constructor(
    private readonly chunks: Uint8Array[],
    readonly mimeType: string,
    private readonly pauseAfter: number | null = null,
    private readonly gapMs = 5,
  ) {
    super();
    this.addEventListener("recorderready", () => void this.play());
  }

  getAudioSpecs() {
    return {
      audioFormat: this.mimeType,
      audioParameters: { channels: 1, sampleWidth: 2, frameRate: 16000, sampleRate: 16000 },
    };
  }

  /** Lets a paused recorder send the rest of its chunks. */
  resumeChunks(): void {
    this.waiting?.();
  }

  private async play(): Promise<void> {
    for (const chunk of this.chunks) {
      if (this.pauseAfter !== null && this.sent === this.pauseAfter) await new Promise<void>((r) => (this.waiting = r));
      await new Promise((r) => setTimeout(r, this.gapMs));
      const event = new Event("dataavailable") as Event & { data: Blob };
      event.data = new Blob([new Uint8Array(chunk)], { type: this.mimeType });
      this.dispatchEvent(event);
      this.sent++;
    }
    // Right after the last chunk, as MediaRecorder does: the SDK's write path resolves on the
    // first write answer that arrives after "stop".
    this.dispatchEvent(new Event("stop"));
  }
}
