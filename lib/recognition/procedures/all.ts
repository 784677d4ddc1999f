import type { Procedure } from "../wamp/wamp-session";
import { choiceProcedures } from "./choice";
import { feedbackProcedures } from "./feedback";
import { pronunciationProcedures } from "./pronunciation";
import { recordingProcedures } from "./recording";

// The 20 procedures of the recognition server (recognition.md, "The 20 procedures").

/** Every procedure by its full name. */
export function allProcedures(): ReadonlyMap<string, Procedure> {
  return new Map(
    Object.entries({ ...choiceProcedures, ...pronunciationProcedures, ...feedbackProcedures, ...recordingProcedures }),
  );
}
