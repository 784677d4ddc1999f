import { type Config, config } from "@/lib/config";

// The recognition server's limits (README: "The recognition server"), read from the validated
// configuration. Past one, the client gets a WAMP error naming it; the instance stays healthy.

export type RecognitionLimits = Config["recognition"];

/** The limits in force on this instance. */
export function recognitionLimits(): RecognitionLimits {
  return config().recognition;
}
