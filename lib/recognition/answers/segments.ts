import fs from "node:fs/promises";
import { decodePcmFile as decodePcm } from "../audio/decode-pcm";
import { ERRORS, WampError } from "../wamp/messages";
import { wavHeader } from "./wav-chunks";

// The two conversions an answer may need before it is stored: a browser's WebM/Opus moved into
// Ogg (packets copied by mediabunny, never re-encoded), and Opus streams of a paused and resumed
// answer joined through PCM (Ogg streams cannot be joined as bytes).

/** The Opus audio of a WebM stream as Ogg Opus bytes. */
export async function remuxWebmToOgg(webm: Uint8Array): Promise<Uint8Array> {
  const { ALL_FORMATS, BufferSource, BufferTarget, Conversion, Input, OggOutputFormat, Output } = await import(
    "mediabunny"
  );
  const input = new Input({ source: new BufferSource(webm), formats: ALL_FORMATS });
  try {
    const track = await input.getPrimaryAudioTrack();
    if (!track || track.codec !== "opus")
      throw new WampError(ERRORS.invalidAudio, "The WebM stream holds no Opus audio");
    const target = new BufferTarget();
    const output = new Output({ format: new OggOutputFormat(), target });
    const conversion = await Conversion.init({ input, output, video: { discard: true } });
    if (!conversion.isValid) throw new WampError(ERRORS.invalidAudio, "The WebM stream cannot be moved into Ogg");
    await conversion.execute();
    return new Uint8Array(target.buffer!);
  } catch (error) {
    if (error instanceof WampError) throw error;
    throw new WampError(ERRORS.invalidAudio, "The WebM stream cannot be read");
  } finally {
    input.dispose?.();
  }
}

/** Decodes Ogg Opus files and writes them one after the other as a 16 kHz mono WAV. */
export async function joinOpusSegments(files: string[], out: string): Promise<void> {
  const parts: Buffer[] = [];
  for (const file of files) {
    const pcm = await decodePcm(file).catch(() => {
      throw new WampError(ERRORS.invalidAudio, "A part of the answer's audio cannot be decoded");
    });
    const int16 = Buffer.alloc(pcm.samples.length * 2);
    for (let i = 0; i < pcm.samples.length; i++) {
      int16.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(pcm.samples[i]! * 32767))), i * 2);
    }
    parts.push(int16);
  }
  const data = Buffer.concat(parts);
  await fs.writeFile(
    out,
    Buffer.concat([wavHeader({ channels: 1, sampleRate: 16000, bitsPerSample: 16 }, data.length), data]),
  );
}
