import crypto from "node:crypto";
import { Decoder } from "@evan/opus";
import { expect, test } from "@playwright/test";

// ingest.ts keeps an Ogg Opus upload in the segment's framing without decoding it: a 20-ms mono
// single-frame (code 0) packet of at most 1275 bytes is taken as valid whatever its payload. That
// holds as long as libopus decodes every such packet, which this checks on random ones (random
// payloads, every 20-ms configuration of every mode and bandwidth).

test("libopus decodes every 20-ms mono single-frame packet of at most 1275 bytes, whatever its payload", () => {
  const decoder = new Decoder({ sample_rate: 16000, channels: 1 });
  // TOC configurations with 20-ms frames (RFC 6716 3.1): SILK NB/MB/WB, hybrid SWB/FB, CELT NB/WB/SWB/FB.
  const configs = [1, 5, 9, 13, 15, 19, 23, 27, 31];
  const failures: string[] = [];
  for (let i = 0; i < 20_000; i++) {
    const packet = crypto.randomBytes(1 + crypto.randomInt(0, 1276));
    packet[0] = configs[i % configs.length]! << 3; // code 0, mono
    try {
      const bytes = decoder.decode(packet).byteLength;
      if (bytes !== 320 * 2) failures.push(`${packet.length} bytes: ${bytes} bytes decoded, not 20 ms`);
    } catch (error) {
      failures.push(`${packet.length} bytes, config ${packet[0]! >> 3}: ${(error as Error).message}`);
    }
  }
  expect(failures).toEqual([]);
});
