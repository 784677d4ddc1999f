// Worker-thread entry: runs the libopus encoder (OpusPacketEncoder) off the decoding thread; the
// calling thread muxes the packets into Ogg (see segment-encoder.ts).
// In:  { type: "pcm", pcm: Int16Array } | { type: "finish" }
// Out: { type: "packets", data, sizes } (one per "pcm", in order)
//      | { type: "done", data, sizes, lastPacketSamples48, result } | { type: "error", message }
import { parentPort, workerData } from "node:worker_threads";
import { OpusPacketEncoder, packPackets } from "./opus-segment-writer.mjs";

const port = parentPort;
let encoder;
try {
  encoder = new OpusPacketEncoder(workerData.inputRate, workerData.options);
} catch (err) {
  port.postMessage({ type: "error", message: err instanceof Error ? err.stack || err.message : String(err) });
}

port.on("message", (msg) => {
  if (!encoder) return;
  try {
    if (msg.type === "pcm") {
      const { data, sizes } = packPackets(encoder.encode(msg.pcm));
      port.postMessage({ type: "packets", data, sizes }, [data.buffer, sizes.buffer]);
    } else if (msg.type === "finish") {
      const { packets, lastPacketSamples48, result } = encoder.finish();
      const { data, sizes } = packPackets(packets);
      port.postMessage({ type: "done", data, sizes, lastPacketSamples48, result }, [data.buffer, sizes.buffer]);
    }
  } catch (err) {
    encoder = undefined;
    port.postMessage({ type: "error", message: err instanceof Error ? err.stack || err.message : String(err) });
  }
});
