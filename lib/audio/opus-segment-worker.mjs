// Worker-thread entry: runs OpusSegmentWriter off the decoding thread (see segment-encoder.ts).
// Messages in: { type: "pcm", pcm: Int16Array } | { type: "finish" } | { type: "abort" }.
// Messages out: { type: "ready" } | { type: "ack" } | { type: "done", result } | { type: "error", message }.
import { parentPort, workerData } from "node:worker_threads";
import { OpusSegmentWriter } from "./opus-segment-writer.mjs";

const port = parentPort;
let queue = OpusSegmentWriter.create(workerData.path, workerData.inputRate, workerData.options).then((writer) => {
  port.postMessage({ type: "ready" });
  return writer;
});
let failed = false;

port.on("message", (msg) => {
  queue = queue.then(async (writer) => {
    if (failed) return writer;
    try {
      if (msg.type === "pcm") {
        await writer.write(msg.pcm);
        port.postMessage({ type: "ack" });
      } else if (msg.type === "finish") {
        const result = await writer.finish();
        port.postMessage({ type: "done", result });
      } else if (msg.type === "abort") {
        await writer.abort();
        port.postMessage({ type: "done", result: null });
      }
    } catch (err) {
      failed = true;
      await writer.abort();
      port.postMessage({ type: "error", message: err instanceof Error ? err.stack || err.message : String(err) });
    }
    return writer;
  });
});

queue.catch((err) => {
  failed = true;
  port.postMessage({ type: "error", message: err instanceof Error ? err.stack || err.message : String(err) });
});
