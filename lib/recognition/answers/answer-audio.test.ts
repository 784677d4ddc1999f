import { expect, test } from "@playwright/test";
import { ERRORS, WampError } from "../wamp/messages";
import { AnswerAudio } from "./answer-audio";

test("a first chunk that is no audio is refused with its size and first bytes, and empty chunks are skipped", () => {
  const audio = new AnswerAudio(60);
  audio.add(new Uint8Array(0));
  expect(audio.empty).toBe(true);
  let refused: unknown = null;
  try {
    audio.add(Buffer.from("ID3\u0004 an MP3 file"));
  } catch (error) {
    refused = error;
  }
  expect(refused).toBeInstanceOf(WampError);
  expect((refused as WampError).uri).toBe(ERRORS.invalidAudio);
  expect((refused as WampError).message).toBe(
    "The audio is neither WAV nor Ogg or WebM Opus (its first chunk, 16 bytes, starts 4944330420616e20)",
  );
  expect(audio.empty).toBe(true);
});
