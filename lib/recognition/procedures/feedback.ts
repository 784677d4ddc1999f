import { requireOrganisation, requirePermission } from "@/lib/auth/principal";
import { speechChallengeInScope } from "@/lib/challenges/speech/speech-challenges";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { createFeedback } from "@/lib/feedback/feedback";
import { type FeedbackSentence, feedbackSchema } from "@/lib/feedback/schemas";
import { storage } from "@/lib/storage/storage";
import { decodePcmFile } from "../audio/decode-pcm";
import { storedPcm } from "../audio/stored-pcm";
import { type ExpectedSentence, expectedSentences } from "../reading/challenge-text";
import { FRAME_MS, judgeReading, type ReadingVerdict } from "../reading/judge-reading";
import { docsError, type LABELS } from "../reading/labels";
import { ERRORS, WampError } from "../wamp/messages";
import type { CallContext, Procedure } from "../wamp/wamp-session";
import {
  type Answer,
  answerOf,
  audioSoFar,
  challengeOf,
  inOrder,
  pullAudio,
  startAnswer,
  withAnswerFile,
} from "./answers";

// nl.itslanguage.feedback.*: reading aloud with feedback per sentence, pulled from the client's
// audio procedure until it returns. While the audio arrives it is judged every few seconds and
// each sentence the reader has moved past is sent as progress; the rest follow when the audio
// ends, judged with the whole answer. Judging while reading starts after the sentences already
// sent, on the audio from their end, and runs once at a time (a judgement due meanwhile waits for
// it and takes the latest audio), so a long reading costs about its length, not its square.
// Paused, the stream's audio is neither judged nor kept; resumed, it continues from the sentence
// named. Stored exactly as POST /feedback stores it.

type Challenge = { id: string; language: string; sentences: ExpectedSentence[]; referenceAudioFilePk: string | null };
type State = {
  paused: boolean;
  fromSentence: number;
  resultSetId: string;
  sent: Set<number>;
  /** Where judging while the student reads starts: after the last sentence sent, and the audio from its end. */
  interim: { sentence: number; startMs: number };
};

const stateOf = (extra: Record<string, unknown>) => extra as State;
/** Seconds of new audio before the reading is judged again while the student reads. */
const INTERIM_EVERY_SECONDS = 2;

export const feedbackProcedures: Record<string, Procedure> = {
  // feedback.prepare [challengeId] → id
  "nl.itslanguage.feedback.prepare": async (ctx, args) => {
    requirePermission(ctx.principal, "FEEDBACK_CREATE");
    requireOrganisation(ctx.principal);
    const id = args.length >= 2 ? args[1] : args[0];
    if (typeof id !== "string") throw new WampError(ERRORS.invalidArgument, "Name the speech challenge");
    const challenge = await speechChallengeInScope(db(), ctx.principal, id);
    const sentences = await expectedSentences(db(), storage(), challenge);
    const answer = startAnswer(ctx, "feedback", {
      id: challenge.id,
      language: challenge.language,
      sentences,
      referenceAudioFilePk: challenge.referenceAudioFilePk,
    });
    Object.assign(answer.extra, {
      paused: false,
      fromSentence: 0,
      resultSetId: newId(),
      sent: new Set(),
      interim: { sentence: 0, startMs: 0 },
    } satisfies State);
    return answer.id;
  },
  // feedback.listen_and_reply [id, streamProcedure] → progress per sentence, then the stored feedback
  "nl.itslanguage.feedback.listen_and_reply": async (ctx, args) => {
    const answer = answerOf<Challenge>(ctx, "feedback", args[0]);
    const challenge = challengeOf(answer);
    const state = stateOf(answer.extra);
    let judgedAt = 0;
    let running: Promise<void> | null = null;
    let due = false;
    let ended = false;
    const judgeWhileReading = () => {
      if (running) {
        due = true;
        return;
      }
      running = (async () => {
        do {
          due = false;
          await judgeSoFar(ctx, answer, challenge, state);
        } while (due && !ended);
      })().finally(() => {
        running = null;
      });
    };
    await pullAudio(
      ctx,
      answer,
      args[1],
      () => !state.paused,
      () => {
        const seconds = answer.audio?.seconds ?? 0;
        if (seconds - judgedAt < INTERIM_EVERY_SECONDS) return;
        judgedAt = seconds;
        judgeWhileReading();
      },
    );
    ended = true;
    await running;
    return inOrder(answer, () =>
      withAnswerFile(answer, async (file, filePath) => {
        const referenceAudio = () => storedPcm(db(), storage(), challenge.referenceAudioFilePk, "original");
        const verdict = await judgeReading(
          { ...challenge, referenceAudio },
          await decodePcmFile(filePath),
          state.fromSentence,
          true,
          ctx.signal,
        );
        sendSentences(ctx, answer, verdict, state);
        const feedback = await createFeedback(
          db(),
          storage(),
          ctx.principal,
          {
            id: answer.id,
            challengeId: challenge.id,
            resultSetId: state.resultSetId,
            sentences: verdict.sentences,
            extra: {
              engine: verdict.engine,
              assessed: verdict.engine !== null,
              ...(verdict.reason ? { notAssessed: verdict.reason } : {}),
              ...(verdict.measured ? { measured: verdict.measured } : {}),
            },
          },
          { audio: [file] },
        );
        return { ...feedbackSchema.parse(feedback), errors: verdict.sentences.map((s) => s.errors) };
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
    if (!Number.isInteger(sentence) || (sentence as number) < 0) {
      throw new WampError(ERRORS.invalidArgument, "sentence is a non-negative integer");
    }
    state.paused = false;
    state.fromSentence = sentence as number;
    state.interim = { sentence: sentence as number, startMs: (answer.audio?.seconds ?? 0) * 1000 };
    answer.audio?.resume();
    return null;
  },
};

/**
 * Judges the audio received so far after the sentences already sent, sends those the reader has
 * moved past, and moves the start of the next judgement to the end of the last one sent.
 */
async function judgeSoFar(ctx: CallContext, answer: Answer, challenge: Challenge, state: State): Promise<void> {
  const audio = await audioSoFar(answer);
  const from = state.interim;
  const { sentence, startMs } = from;
  if (!audio || sentence >= challenge.sentences.length) return;
  const start = Math.min(audio.samples.length, Math.floor((startMs / 1000) * audio.sampleRate));
  const part = { samples: audio.samples.subarray(start), sampleRate: audio.sampleRate };
  if (part.samples.length < audio.sampleRate * 0.5) return;
  const verdict = await judgeReading(challenge, part, sentence, false, ctx.signal, startMs).catch(() => null);
  if (!verdict?.engine) return;
  sendSentences(ctx, answer, verdict, state, true);
  if (state.interim !== from) return; // resumed meanwhile: judging starts where the student resumed
  // A complete sentence's end: where its last word heard ended (the next sentence has begun after it).
  for (const [i, s] of verdict.sentences.entries()) {
    if (!verdict.complete[i] || s.eosFrame === null) break;
    state.interim = { sentence: s.sentence + 1, startMs: s.eosFrame * FRAME_MS };
  }
}

/** Progress for each sentence not sent yet (only the complete ones while reading), in both the docs' and the contract's fields. */
function sendSentences(
  ctx: CallContext,
  answer: Answer,
  verdict: ReadingVerdict,
  state: State,
  completeOnly = false,
): void {
  for (const [i, sentence] of verdict.sentences.entries()) {
    if (state.sent.has(sentence.sentence) || (completeOnly && !verdict.complete[i])) continue;
    state.sent.add(sentence.sentence);
    ctx.progress(progressOf(answer.id, sentence));
  }
}

function progressOf(feedbackId: string, sentence: FeedbackSentence) {
  return {
    feedback_id: feedbackId,
    ...sentence,
    words: sentence.words.map((w) => ({
      ...w,
      error: docsError(w.label as keyof typeof LABELS),
      correct: w.label === "CW",
    })),
  };
}
