// espeak-ng speech for the template benches, kept in bench/results/template-synth/ by voice, text and
// variant, so that runs after the first compare engines without synthesising again.
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { type EspeakVariant, synthesise } from "../../lib/recognition/engines/template/espeak";
import type { Pcm } from "../../lib/recognition/engines/types";
import { RESULTS } from "./corpus";

const synthDir = path.join(RESULTS, "template-synth");

export async function cachedSpeech(voice: string, text: string, how: EspeakVariant): Promise<Pcm> {
  const key = createHash("sha256")
    .update(JSON.stringify([voice, text, how]))
    .digest("hex")
    .slice(0, 16);
  const file = path.join(synthDir, `${key}.f32`);
  try {
    const bytes = await fs.readFile(file);
    return { samples: new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4), sampleRate: 16000 };
  } catch {
    const pcm = await synthesise(voice, text, how);
    await fs.mkdir(synthDir, { recursive: true });
    await fs.writeFile(file, Buffer.from(pcm.samples.buffer, pcm.samples.byteOffset, pcm.samples.byteLength));
    return pcm;
  }
}
