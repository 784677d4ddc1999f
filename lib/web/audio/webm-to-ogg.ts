// Chrome's MediaRecorder records WebM/Opus and cannot record Ogg; the API takes Ogg Opus
// and WAV only. mediabunny (loaded on demand: it is large) moves the Opus packets from
// the WebM into an Ogg stream without re-encoding. Browser-only (Blob), no server code.

export class RemuxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RemuxError";
  }
}

/** The Opus audio of a WebM recording as an Ogg Opus file's bytes. */
export async function webmToOgg(webm: Blob): Promise<Uint8Array> {
  const { ALL_FORMATS, BlobSource, BufferTarget, Conversion, Input, OggOutputFormat, Output } = await import(
    "mediabunny"
  );
  const input = new Input({ source: new BlobSource(webm), formats: ALL_FORMATS });
  try {
    const track = await input.getPrimaryAudioTrack();
    if (!track) throw new RemuxError("The recording holds no audio.");
    if (track.codec !== "opus")
      throw new RemuxError(`The recording is ${track.codec ?? "of an unknown codec"}, not Opus.`);
    const target = new BufferTarget();
    const output = new Output({ format: new OggOutputFormat(), target });
    // Same codec in and out: the packets are copied, never decoded or encoded again.
    const conversion = await Conversion.init({ input, output, video: { discard: true } });
    if (!conversion.isValid) {
      const reasons = conversion.discardedTracks.map((t) => t.reason).join(", ");
      throw new RemuxError(`The recording cannot be converted to Ogg Opus (${reasons || "no usable track"}).`);
    }
    await conversion.execute();
    if (!target.buffer) throw new RemuxError("The conversion to Ogg Opus produced nothing.");
    return new Uint8Array(target.buffer);
  } finally {
    input.dispose();
  }
}

/** The MediaRecorder type for Opus in WebM, when this browser can record it. */
export function webmOpusType(): string | null {
  if (typeof MediaRecorder === "undefined") return null;
  for (const type of ["audio/webm;codecs=opus", "audio/webm"]) if (MediaRecorder.isTypeSupported(type)) return type;
  return null;
}
