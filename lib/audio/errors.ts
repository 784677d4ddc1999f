/** The uploaded bytes are not valid Ogg Opus or WAV audio (the API answers 422 on that field). */
export class InvalidAudioError extends Error {
  /** Human-readable reason, safe to show to the uploader. */
  readonly reason: string;

  constructor(reason: string, options?: { cause?: unknown }) {
    super(`invalid audio: ${reason}`, options);
    this.name = "InvalidAudioError";
    this.reason = reason;
  }
}
