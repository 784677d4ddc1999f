import { requireOrganisation, requirePermission } from "@/lib/auth/principal";
import { speechChallengeInScope } from "@/lib/challenges/speech/speech-challenges";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { createFeedback } from "@/lib/feedback/feedback";
import { feedbackSchema } from "@/lib/feedback/schemas";
import { storage } from "@/lib/storage/storage";
import { type ExpectedSentence, expectedSentences } from "../reading/challenge-text";
import { notAssessedSentences } from "../reading/not-assessed";
import { ERRORS, WampError } from "../wamp/messages";
import type { Procedure } from "../wamp/wamp-session";
import { answerOf, challengeOf, inOrder, pullAudio, startAnswer, withAnswerFile } from "./answers";

// nl.itslanguage.feedback.*: reading aloud with feedback per sentence, pulled from the client's
// audio procedure until it returns. Paused, the stream's audio is neither judged nor kept; resumed,
// it continues from the sentence named. Stored exactly as POST /feedback stores it.

type Challenge = { id: string; language: string; sentences: ExpectedSentence[] };
type State = { paused: boolean; fromSentence: number; resultSetId: string };

const stateOf = (extra: Record<string, unknown>) => extra as State;

export const feedbackProcedures: Record<string, Procedure> = {
  // feedback.prepare [challengeId] → id
  "nl.itslanguage.feedback.prepare": async (ctx, args) => {
    requirePermission(ctx.principal, "FEEDBACK_CREATE");
    requireOrganisation(ctx.principal);
    const id = args.length >= 2 ? args[1] : args[0];
    if (typeof id !== "string") throw new WampError(ERRORS.invalidArgument, "Name the speech challenge");
    const challenge = await speechChallengeInScope(db(), ctx.principal, id);
    const sentences = await expectedSentences(db(), storage(), challenge);
    const answer = startAnswer(ctx, "feedback", { id: challenge.id, language: challenge.language, sentences });
    Object.assign(answer.extra, { paused: false, fromSentence: 0, resultSetId: newId() } satisfies State);
    return answer.id;
  },
  // feedback.listen_and_reply [id, streamProcedure] → progress per sentence, then the stored feedback
  "nl.itslanguage.feedback.listen_and_reply": async (ctx, args) => {
    const answer = answerOf<Challenge>(ctx, "feedback", args[0]);
    const challenge = challengeOf(answer);
    const state = stateOf(answer.extra);
    await pullAudio(ctx, answer, args[1], () => !state.paused);
    return inOrder(answer, () =>
      withAnswerFile(answer, async (file) => {
        const sentences = notAssessedSentences(challenge.sentences, challenge.language, state.fromSentence);
        for (const sentence of sentences)
          ctx.progress({ feedback_id: answer.id, ...sentence, errors: sentence.errors });
        const feedback = await createFeedback(
          db(),
          storage(),
          ctx.principal,
          {
            id: answer.id,
            challengeId: challenge.id,
            resultSetId: state.resultSetId,
            sentences,
            extra: { engine: null, assessed: false },
          },
          { audio: [file] },
        );
        const stored = feedbackSchema.parse(feedback);
        return { ...stored, errors: sentences.map((s) => s.errors) };
      }),
    );
  },
  // feedback.pause [id]: the audio that follows is neither judged nor kept
  "nl.itslanguage.feedback.pause": async (ctx, args) => {
    const answer = answerOf(ctx, "feedback", args[0]);
    stateOf(answer.extra).paused = true;
    return null;
  },
  // feedback.resume [id, sentence]: judging continues from that sentence
  "nl.itslanguage.feedback.resume": async (ctx, args) => {
    const answer = answerOf<Challenge>(ctx, "feedback", args[0]);
    const state = stateOf(answer.extra);
    const sentence = args[1] ?? 0;
    if (!Number.isInteger(sentence) || (sentence as number) < 0)
      throw new WampError(ERRORS.invalidArgument, "sentence is a non-negative integer");
    state.paused = false;
    state.fromSentence = sentence as number;
    answer.audio?.resume();
    return null;
  },
};
