import type { WampSession } from "./wamp";

// One answer through the recognition server's written-chunk procedures, as the SDK sends it:
// init_<answer> → init_challenge → init_audio (WebM Opus) → write per chunk, in order → the
// judging call. Everything is stored by the server exactly as an app's answer
// (lib/recognition/procedures/).

export type AnswerKind = "choice" | "pronunciation" | "recording";

const PROCEDURES: Record<AnswerKind, { init: string; finish: string }> = {
  choice: { init: "init_recognition", finish: "recognise" },
  pronunciation: { init: "init_analysis", finish: "analyse" },
  recording: { init: "init_recording", finish: "close" },
};

export type LiveAnswer<T> = {
  /** Queues one recorder chunk; chunks are written in the order given. */
  write: (chunk: Blob) => void;
  /** After the last chunk: the server's judgement (or the stored recording). */
  finish: () => Promise<T>;
};

export async function base64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let text = "";
  // In slices: String.fromCharCode takes a bounded number of arguments.
  for (let at = 0; at < bytes.length; at += 0x8000) text += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(text);
}

export async function startAnswer<T>(
  session: WampSession,
  kind: AnswerKind,
  challengeId: string,
  mimeType: string,
): Promise<LiveAnswer<T>> {
  const group = `nl.itslanguage.${kind}`;
  const { init, finish } = PROCEDURES[kind];
  const id = await session.call(`${group}.${init}`);
  await session.call(`${group}.init_challenge`, [id, challengeId]);
  await session.call(`${group}.init_audio`, [id, mimeType.split(";")[0]], {});
  // Each write waits for the one before it: the server appends chunks as they arrive.
  let queue: Promise<unknown> = Promise.resolve();
  let failed: unknown = null;
  return {
    write: (chunk) => {
      queue = queue
        .then(async () => session.call(`${group}.write`, [id, await base64(chunk), "base64"]))
        .catch((error) => {
          failed ??= error;
        });
    },
    finish: async () => {
      await queue;
      if (failed) throw failed;
      return (await session.call(`${group}.${finish}`, [id])) as T;
    },
  };
}

/**
 * A try that is kept in the page only (a teacher trying a speech exercise as a student would):
 * nothing goes to the server, so nothing counts in anyone's progress; the take plays back locally.
 */
export function localAnswer(mimeType: string): LiveAnswer<{ id: null; audioUrl: string }> {
  const chunks: Blob[] = [];
  return {
    write: (chunk) => chunks.push(chunk),
    finish: async () => ({ id: null, audioUrl: URL.createObjectURL(new Blob(chunks, { type: mimeType })) }),
  };
}
