import { requireOrganisation, requirePermission } from "@/lib/auth/principal";
import { type ChoiceChallengeRow, choiceChallengeInScope } from "@/lib/challenges/choice/choice-challenges";
import { createRecognition } from "@/lib/challenges/choice/recognitions";
import { db } from "@/lib/db/client";
import { storage } from "@/lib/storage/storage";
import { EarlyChoice } from "../choice/early-choice";
import { judgeChoice } from "../choice/judge-choice";
import { ERRORS, WampError } from "../wamp/messages";
import type { Procedure } from "../wamp/wamp-session";
import {
  type Answer,
  answerOf,
  audioProcedures,
  audioSoFar,
  challengeOf,
  inOrder,
  pullAudio,
  startAnswer,
  withAnswerFile,
} from "./answers";

/** Less audio than this holds no finished answer: not worth decoding for an early judgement. */
const MIN_EARLY_SECONDS = 0.5;

// nl.itslanguage.choice.*: which choice the student said. The answer is judged by the engine the
// challenge was prepared for, then stored exactly as POST .../recognitions stores it.

// The challenge as init_challenge read it in the caller's scope: judged against and stored with
// it (createRecognition checks under a lock that it is still prepared and unchanged).
type Challenge = ChoiceChallengeRow;

const challengeArg = (args: unknown[]) => (args.length >= 3 ? args[2] : args[1]);

export const choiceProcedures: Record<string, Procedure> = {
  // choice.init_recognition () → id
  "nl.itslanguage.choice.init_recognition": async (ctx) => {
    requirePermission(ctx.principal, "AUDIO_RECOGNITION_CREATE");
    requireOrganisation(ctx.principal);
    return startAnswer(ctx, "choice").id;
  },
  // choice.init_challenge [id, challengeId] (the docs: [id, organisationId, challengeId])
  "nl.itslanguage.choice.init_challenge": async (ctx, args) => {
    const answer = answerOf<Challenge>(ctx, "choice", args[0]);
    const id = challengeArg(args);
    if (typeof id !== "string") throw new WampError(ERRORS.invalidArgument, "Name the choice challenge");
    const challenge = await choiceChallengeInScope(db(), ctx.principal, id);
    if (challenge.status !== "prepared") {
      throw new WampError(
        ERRORS.recognitionFailed,
        `The challenge is ${challenge.status}: recognitions need a prepared challenge`,
      );
    }
    answer.challenge = challenge;
    earlyOf(answer)?.cancel(); // init_challenge again: the earlier challenge's judgement is of no use
    const early = new EarlyChoice(challenge);
    answer.extra.early = early;
    answer.release.push(() => early.cancel());
    return null;
  },
  ...audioProcedures("choice", "choice", considerEarly),
  // choice.recognise [id, streamProcedure?] → {id, audioUrl, recognised}
  "nl.itslanguage.choice.recognise": async (ctx, args) => {
    const answer = answerOf<Challenge>(ctx, "choice", args[0]);
    const challenge = challengeOf(answer);
    const early = earlyOf(answer);
    try {
      if (args[1] !== undefined && args[1] !== null)
        await pullAudio(ctx, answer, args[1], undefined, () => considerEarly(answer));
      return await inOrder(answer, () =>
        withAnswerFile(answer, async (file, filePath) => {
          const recognition = await createRecognition(
            db(),
            storage(),
            ctx.principal,
            challenge,
            { id: answer.id },
            file,
            {
              judge: (row) => judgeChoice(row, filePath, ctx.signal, early, answer.audio?.pcm16kSoFar()),
              idIsNew: true,
            },
          );
          return { ...recognition, recognised: recognition.recognised ?? null };
        }),
      );
    } finally {
      early?.cancel();
    }
  },
};

const earlyOf = (answer: Answer): EarlyChoice | undefined => answer.extra.early as EarlyChoice | undefined;

/** After each chunk: the answer may be judged before its last one (early-choice.ts). */
function considerEarly(answer: Answer): void {
  const early = earlyOf(answer);
  const audio = answer.audio;
  if (!early || !audio || audio.seconds < MIN_EARLY_SECONDS) return;
  void early.consider(async () => {
    const samples = audio.pcm16kSoFar();
    return samples ? { samples, sampleRate: 16000 } : audioSoFar(answer);
  });
}
