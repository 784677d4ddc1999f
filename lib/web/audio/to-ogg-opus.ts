// Any audio the browser can decode (MP3, M4A/AAC, WebM, FLAC, Ogg Vorbis, ...) as Ogg Opus,
// converted in the browser before upload, so the API keeps its contract (Ogg Opus or WAV
// only). mediabunny (loaded on demand: it is large) demuxes the file, decodes and encodes with
// WebCodecs, and writes the Ogg stream; speech needs one channel at Opus's 48 kHz.
// Browser-only (Blob), no server code.

export class ConvertError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConvertError";
  }
}

/** The audio of `file` as an Ogg Opus file (mono, 48 kHz); `onProgress` hears 0..1. */
export async function toOggOpus(file: File, onProgress?: (fraction: number) => void): Promise<File> {
  const {
    ALL_FORMATS,
    BlobSource,
    BufferTarget,
    Conversion,
    Input,
    OggOutputFormat,
    Output,
    QUALITY_HIGH,
    canEncodeAudio,
  } = await import("mediabunny");
  const input = new Input({ source: new BlobSource(file), formats: ALL_FORMATS });
  try {
    const track = await input.getPrimaryAudioTrack().catch(() => null);
    if (!track) throw new ConvertError("it is not audio this browser can read");
    if (!(await canEncodeAudio("opus", { numberOfChannels: 1, sampleRate: 48000 }))) {
      throw new ConvertError(
        "this browser cannot encode Opus; choose a WAV or Ogg Opus file, or use a recent Chrome, Edge or Firefox",
      );
    }
    const target = new BufferTarget();
    const output = new Output({ format: new OggOutputFormat(), target });
    const conversion = await Conversion.init({
      input,
      output,
      video: { discard: true },
      audio: { codec: "opus", numberOfChannels: 1, sampleRate: 48000, quality: QUALITY_HIGH },
      showWarnings: false,
    });
    if (!conversion.isValid) {
      const reason = conversion.discardedTracks.find((t) => t.track.type === "audio")?.reason;
      const codec = track.codec ?? "its";
      throw new ConvertError(
        reason === "undecodable_source_codec" || reason === "unknown_source_codec"
          ? `this browser cannot decode ${codec === "its" ? "its" : codec.toUpperCase()} audio`
          : `it cannot be converted to Ogg Opus (${reason ?? "no usable audio"})`,
      );
    }
    conversion.onProgress = (fraction) => onProgress?.(fraction);
    try {
      await conversion.execute();
    } catch (error) {
      throw new ConvertError(
        `its audio could not be decoded (${error instanceof Error ? error.message : String(error)})`,
      );
    }
    if (!target.buffer || target.buffer.byteLength === 0) throw new ConvertError("the conversion produced no audio");
    const name = `${file.name.replace(/\.[^.]*$/, "") || "audio"}.opus`;
    return new File([target.buffer], name, { type: "audio/ogg" });
  } finally {
    input.dispose();
  }
}
