import { expect, test } from "@playwright/test";
import type { Db } from "@/lib/db/client";
import type { Storage } from "@/lib/storage/storage";
import { expectedSentences } from "./challenge-text";

// The typed passage is read from the row itself: no database or storage is touched for it
// (neither is given here, so a read would throw).
const none = {} as Db;
const nowhere = {} as Storage;

test("a generated SRT's sentences come from the typed passage; without SRT, the passage before the topic", async () => {
  const passage = JSON.stringify(["The cat sat.", "It slept, then woke!"]);
  for (const row of [
    { srtFilePk: "generated", srtGenerated: true, passage, topic: "Topic" },
    { srtFilePk: null, srtGenerated: false, passage, topic: "Topic" },
  ]) {
    expect(await expectedSentences(none, nowhere, row)).toEqual([
      { text: "The cat sat.", words: ["The", "cat", "sat"] },
      { text: "It slept, then woke!", words: ["It", "slept", "then", "woke"] },
    ]);
  }
  expect(await expectedSentences(none, nowhere, { srtFilePk: null, topic: "Read this", passage: null })).toEqual([
    { text: "Read this", words: ["Read", "this"] },
  ]);
});
