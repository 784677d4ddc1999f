import { requireOrganisation, requirePermission } from "@/lib/auth/principal";
import { createAnalysis } from "@/lib/challenges/pronunciation/analyses";
import {
  type ChallengeRow,
  challengeInScope,
  toChallenge,
} from "@/lib/challenges/pronunciation/pronunciation-challenges";
import { analysisSchema } from "@/lib/challenges/pronunciation/schemas";
import { db } from "@/lib/db/client";
import { storage } from "@/lib/storage/storage";
import { storedPcm } from "../audio/stored-pcm";
import { judgePronunciation } from "../pronunciation/judge-pronunciation";
import { ERRORS, WampError } from "../wamp/messages";
import type { Procedure } from "../wamp/wamp-session";
import { answerOf, audioProcedures, challengeOf, inOrder, startAnswer, withAnswerFile } from "./answers";

// nl.itslanguage.pronunciation.*: a pronunciation answer written in chunks, judged where an engine
// can, and stored exactly as POST .../analyses stores it. Where nothing judged it, the analysis
// says so in `console` and carries no score.

type Challenge = ChallengeRow;

export const pronunciationProcedures: Record<string, Procedure> = {
  // pronunciation.init_analysis () → id
  "nl.itslanguage.pronunciation.init_analysis": async (ctx) => {
    requirePermission(ctx.principal, "AUDIO_ANALYSIS_CREATE");
    requireOrganisation(ctx.principal);
    return startAnswer(ctx, "pronunciation").id;
  },
  // pronunciation.init_challenge [id, challengeId] (docs: [id, organisationId, challengeId])
  "nl.itslanguage.pronunciation.init_challenge": async (ctx, args) => {
    const answer = answerOf<Challenge>(ctx, "pronunciation", args[0]);
    const id = args.length >= 3 ? args[2] : args[1];
    if (typeof id !== "string") throw new WampError(ERRORS.invalidArgument, "Name the pronunciation challenge");
    // Kept whole: the analysis is stored against the challenge as it was judged (createAnalysis).
    answer.challenge = await challengeInScope(db(), ctx.principal, id);
    return null;
  },
  // pronunciation.alignment [id] → the challenge's reference alignment (null until one is made)
  "nl.itslanguage.pronunciation.alignment": async (ctx, args) => {
    const answer = answerOf<Challenge>(ctx, "pronunciation", args[0]);
    const challenge = await challengeInScope(db(), ctx.principal, challengeOf(answer).id);
    return toChallenge(challenge).alignment ?? null;
  },
  ...audioProcedures("pronunciation", "pronunciation"),
  // pronunciation.analyse [id] → the stored analysis {id, audioUrl, score, words, ...}; progress while judging
  "nl.itslanguage.pronunciation.analyse": async (ctx, args) => {
    const answer = answerOf<Challenge>(ctx, "pronunciation", args[0]);
    const challenge = challengeOf(answer);
    return inOrder(answer, () =>
      withAnswerFile(answer, async (file, filePath) => {
        ctx.progress({ id: answer.id, stage: "received" });
        const verdict = await judgePronunciation(
          challenge,
          filePath,
          ctx.signal,
          (stage) => ctx.progress({ id: answer.id, stage }),
          () => storedPcm(db(), storage(), challenge.referenceAudioFilePk, "original"),
        );
        ctx.progress({ id: answer.id, stage: verdict.score === null ? "not-assessed" : "scored" });
        const analysis = await createAnalysis(
          db(),
          storage(),
          ctx.principal,
          challenge,
          { id: answer.id, ...verdict },
          { audio: [file] },
        );
        return analysisSchema.parse(analysis);
      }),
    );
  },
};
