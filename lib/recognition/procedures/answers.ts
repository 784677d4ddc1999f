import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import { type UploadedFile, uploadedFileAt } from "@/lib/api/body";
import { inTempDir } from "@/lib/storage/temp-dirs";
import { AnswerAudio, containerOf } from "../answers/answer-audio";
import { joinOpusSegments, remuxWebmToOgg } from "../answers/segments";
import { formatFromParameters } from "../answers/wav-chunks";
import { decodePcmFile } from "../audio/decode-pcm";
import type { Pcm } from "../engines/types";
import { recognitionLimits } from "../limits";
import { ERRORS, WampError } from "../wamp/messages";
import type { CallContext, Procedure } from "../wamp/wamp-session";

// The answers a session is building, by the id its init_* call returned. Each lives in its
// session only (a session cannot name another's), and is dropped when idle for WS_IDLE_SECONDS
// (the next call naming it is told so) or when the session ends.

export type AnswerKind = "choice" | "pronunciation" | "recording" | "feedback";

export type Answer<C = unknown> = {
  kind: AnswerKind;
  id: string;
  /** The challenge, once init_challenge (or feedback.prepare) found it in the caller's scope. */
  challenge: C | null;
  audio: AnswerAudio | null;
  touched: number;
  /** Calls on one answer run in order (writes arrive back to back, unawaited by the SDK). */
  queue: Promise<unknown>;
  /** Set once stored: a second recognise/close/analyse is refused. */
  done: boolean;
  extra: Record<string, unknown>;
  /** Work of the answer's own to stop when it is dropped unstored (idle, or its session closed). */
  release: (() => void)[];
};

/** Starts an answer of this kind in the caller's session and returns its id. */
export function startAnswer(ctx: CallContext, kind: AnswerKind, challenge: unknown = null): Answer {
  const answers = ctx.session.answers as Map<string, Answer>;
  if (answers.size >= recognitionLimits().answersPerSession) {
    throw new WampError(
      ERRORS.limitExceeded,
      `A session may build at most ${recognitionLimits().answersPerSession} answers at once`,
      {
        limit: "answers per session",
      },
    );
  }
  const answer: Answer = {
    kind,
    id: randomUUID(),
    challenge,
    audio: null,
    touched: Date.now(),
    queue: Promise.resolve(),
    done: false,
    extra: {},
    release: [],
  };
  answers.set(answer.id, answer);
  return answer;
}

/** The answer named by a call's first argument; session_not_initialised when there is none. */
export function answerOf<C>(ctx: CallContext, kind: AnswerKind, id: unknown): Answer<C> {
  const answer = typeof id === "string" ? (ctx.session.answers as Map<string, Answer>).get(id) : undefined;
  if (!answer || answer.kind !== kind) {
    throw new WampError(
      ERRORS.notInitialised,
      `No ${kind} ${String(id)} in this session: call its init first (an idle one is dropped after ${recognitionLimits().idleSeconds} s)`,
    );
  }
  answer.touched = Date.now();
  return answer as Answer<C>;
}

/** The answer's challenge, or session_not_initialised when init_challenge has not run. */
export function challengeOf<C>(answer: Answer<C>): C {
  if (!answer.challenge) throw new WampError(ERRORS.notInitialised, `Call ${answer.kind}.init_challenge first`);
  return answer.challenge;
}

/** Runs `work` after every earlier call on the same answer. */
export function inOrder<T>(answer: Answer, work: () => Promise<T>): Promise<T> {
  const run = answer.queue.then(work, work);
  answer.queue = run.catch(() => {});
  return run;
}

/** Drops the answers of a session that have been idle too long (all of them with idleMs -1: the session closed). */
export function dropIdleAnswers(answers: Map<string, unknown>, idleMs: number, now = Date.now()): void {
  for (const [id, answer] of answers as Map<string, Answer>) {
    if (now - answer.touched <= idleMs) continue;
    answers.delete(id);
    for (const stop of answer.release) stop();
  }
}

/** `init_audio [id, mimeType]` with the recorder's parameters as keyword arguments. */
export function initAudio(answer: Answer, mimeType: unknown, kwargs: Record<string, unknown>): void {
  const container = typeof mimeType === "string" ? containerOf(mimeType) : null;
  if (!container) {
    throw new WampError(
      ERRORS.invalidAudio,
      `Unsupported audio type ${String(mimeType)}: send audio/wav, audio/ogg or audio/webm`,
    );
  }
  answer.audio = new AnswerAudio(recognitionLimits().maxAnswerSeconds, {
    container,
    format: formatFromParameters(kwargs),
  });
}

/** `write [id, data, encoding]`: one chunk, base64 (the SDK) or a list of byte values. */
export function writeChunk(answer: Answer, data: unknown, encoding: unknown): void {
  if (!answer.audio) throw new WampError(ERRORS.notInitialised, `Call ${answer.kind}.init_audio first`);
  answer.audio.add(chunkBytes(data, encoding));
}

/** A chunk as the SDK sends it: base64 text, or an array of byte values (pulled streams). */
export function chunkBytes(data: unknown, encoding?: unknown): Uint8Array {
  if (typeof data === "string" && (encoding === undefined || encoding === "base64")) return Buffer.from(data, "base64");
  if (
    Array.isArray(data) &&
    data.length <= 64 * 1024 * 1024 &&
    data.every((b) => Number.isInteger(b) && b >= 0 && b <= 255)
  ) {
    return Uint8Array.from(data as number[]);
  }
  throw new WampError(ERRORS.invalidArgument, "An audio chunk is base64 text or a list of byte values");
}

/** Pulls the client's registered stream into the answer's audio until it ends. */
export async function pullAudio(
  ctx: CallContext,
  answer: Answer,
  procedure: unknown,
  accept: () => boolean = () => true,
  onChunk: () => void = () => {},
): Promise<void> {
  if (typeof procedure !== "string") throw new WampError(ERRORS.invalidArgument, "Name the registered audio procedure");
  answer.audio ??= new AnswerAudio(recognitionLimits().maxAnswerSeconds);
  for await (const chunk of ctx.session.pull(procedure, ctx.signal)) {
    answer.touched = Date.now();
    const bytes = chunkBytes(Array.isArray(chunk) && Array.isArray(chunk[0]) ? chunk[0] : chunk);
    if (accept()) {
      answer.audio.add(bytes);
      onChunk();
    }
  }
}

/** The answer's audio so far as PCM (for judging while the student speaks); null when it cannot be read yet. */
export async function audioSoFar(answer: Answer): Promise<Pcm | null> {
  if (!answer.audio || answer.audio.empty) return null;
  const audio = answer.audio;
  return inTempDir("ws-", async (dir) =>
    decodePcmFile((await audio.write(dir, joinOpusSegments, remuxWebmToOgg)).path),
  ).catch(() => null);
}

/**
 * Writes the answer's audio to a temp directory as the upload the REST domain functions take. Once
 * stored, the answer lets its audio go (it stays in the session only to refuse a second store).
 */
export async function withAnswerFile<T>(
  answer: Answer,
  use: (file: UploadedFile, filePath: string) => Promise<T>,
): Promise<T> {
  if (answer.done) throw new WampError(ERRORS.invalidArgument, `This ${answer.kind} has already been stored`);
  const audio = answer.audio;
  if (!audio || audio.empty) throw new WampError(ERRORS.invalidAudio, "No audio was received for this answer");
  const result = await inTempDir("ws-", async (dir) => {
    const written = await audio.write(dir, joinOpusSegments, remuxWebmToOgg);
    const { size } = await fs.stat(written.path);
    const file = { field: "audio", filename: written.filename, contentType: written.contentType, size };
    return use(uploadedFileAt(written.path, file), written.path);
  });
  answer.done = true;
  answer.audio = null;
  return result;
}

/** `<group>.init_audio [id, mimeType] {channels, sampleWidth, frameRate, sampleRate}` and `<group>.write [id, data, "base64"]`. */
export function audioProcedures(
  kind: AnswerKind,
  group: string,
  afterChunk: (answer: Answer) => void = () => {},
): Record<string, Procedure> {
  return {
    [`nl.itslanguage.${group}.init_audio`]: async (ctx, args, kwargs) => {
      const answer = answerOf(ctx, kind, args[0]);
      return inOrder(answer, async () => initAudio(answer, args[1], kwargs));
    },
    [`nl.itslanguage.${group}.write`]: async (ctx, args) => {
      const answer = answerOf(ctx, kind, args[0]);
      return inOrder(answer, async () => {
        writeChunk(answer, args[1], args[2]);
        afterChunk(answer);
      });
    },
  };
}
