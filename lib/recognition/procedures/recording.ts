import { idSchema } from "@/lib/api/schemas";
import { requireOrganisation, requirePermission } from "@/lib/auth/principal";
import { speechChallengeInScope } from "@/lib/challenges/speech/speech-challenges";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { createRecording } from "@/lib/recordings/recordings";
import { recordingSchema } from "@/lib/recordings/schemas";
import { storage } from "@/lib/storage/storage";
import { ERRORS, WampError } from "../wamp/messages";
import type { Procedure } from "../wamp/wamp-session";
import { answerOf, audioProcedures, challengeOf, inOrder, startAnswer, withAnswerFile } from "./answers";

// nl.itslanguage.recording.*: a speech recording written in chunks, stored (without analysis)
// exactly as POST /challenges/speech/:c/recordings stores it, joining its result set.

type Challenge = { id: string; resultSetId: string };

export const recordingProcedures: Record<string, Procedure> = {
  // recording.init_recording () → id
  "nl.itslanguage.recording.init_recording": async (ctx) => {
    requirePermission(ctx.principal, "SPEECH_RECORDING_CREATE");
    requireOrganisation(ctx.principal);
    return startAnswer(ctx, "recording").id;
  },
  // recording.init_challenge [id, challengeId] (docs: [id, organisationId, challengeId]); ours: resultSetId in kwargs
  "nl.itslanguage.recording.init_challenge": async (ctx, args, kwargs) => {
    const answer = answerOf<Challenge>(ctx, "recording", args[0]);
    const id = args.length >= 3 ? args[2] : args[1];
    if (typeof id !== "string") throw new WampError(ERRORS.invalidArgument, "Name the speech challenge");
    const given = kwargs.resultSetId ?? kwargs.result_set_id;
    const resultSetId = given === undefined ? newId() : idSchema.safeParse(given).data;
    if (!resultSetId) throw new WampError(ERRORS.invalidArgument, "resultSetId is not a valid id");
    const challenge = await speechChallengeInScope(db(), ctx.principal, id);
    answer.challenge = { id: challenge.id, resultSetId };
    return answer.id;
  },
  ...audioProcedures("recording", "recording"),
  // recording.close [id] → the stored speech recording
  "nl.itslanguage.recording.close": async (ctx, args) => {
    const answer = answerOf<Challenge>(ctx, "recording", args[0]);
    const challenge = challengeOf(answer);
    return inOrder(answer, () =>
      withAnswerFile(answer, async (file) => {
        const recording = await createRecording(
          db(),
          storage(),
          ctx.principal,
          challenge.id,
          { id: answer.id, resultSetId: challenge.resultSetId },
          { audio: [file] },
        );
        return recordingSchema.parse(recording);
      }),
    );
  },
};
