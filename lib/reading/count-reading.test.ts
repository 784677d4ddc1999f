import { expect, test } from "@playwright/test";
import { countReading, type ReadingWord } from "./count-reading";

// Worked examples: each word is "expected:recognized:LABEL" ("+" for no expected word, "-" for
// nothing heard), read one every 500 ms (400 ms long) from `startMs`.
function words(spec: string, startMs = 0, stepMs = 500): ReadingWord[] {
  let at = startMs;
  return spec.split(" ").map((item) => {
    const [expected, recognized, label] = item.split(":") as [string, string, string];
    const heard = recognized !== "-";
    const word = {
      expected: expected === "+" ? "" : expected,
      recognized: heard ? recognized : null,
      label,
      startTiming: heard ? at : at,
      endTiming: heard ? at + 400 : at,
    };
    if (heard) at += stepMs;
    return word;
  });
}

test("a text read as written: every expected word correct, WCPM from the first word's start to the last's end", () => {
  // 4 words, 0 ms .. 1900 ms: 4 / (1.9 / 60) = 126.3
  const figures = countReading(words("the:the:CW cat:cat:CW sat:sat:CW down:down:CW"));
  expect(figures).toMatchObject({ expectedWords: 4, errors: 0, correctWords: 4, accuracy: 1, readingSeconds: 1.9 });
  expect(figures.wcpm).toBe(126.3);
});

test("a self-correction is not an error, and its extra word is not an expected word", () => {
  // "the ca- cat sat": E 3 (the, cat, sat), errors 0; time 0 .. 1900 ms (4 words heard)
  const figures = countReading(words("the:the:CW +:ca:SC cat:cat:CW sat:sat:CW"));
  expect(figures).toMatchObject({ expectedWords: 3, errors: 0, accuracy: 1, readingSeconds: 1.9 });
  expect(figures.wcpm).toBe(94.7); // 3 / (1.9 / 60)
  expect(figures.labels).toMatchObject({ CW: 3, SC: 1 });
});

test("a repetition is not an error; a substitution and a deletion are", () => {
  // "He ran ran the part" for "He ran the last part": RW, DW; plus "part" read as "park" (SW)
  const figures = countReading(words("He:He:CW ran:ran:CW +:ran:RW the:the:CW last:-:DW part:park:SW"));
  expect(figures).toMatchObject({ expectedWords: 5, errors: 2, correctWords: 3, accuracy: 0.6 });
  // 5 words heard: 0 .. 2400 ms; 3 / 0.04 min = 75
  expect(figures.readingSeconds).toBe(2.4);
  expect(figures.wcpm).toBe(75);
});

test("an insertion is an error without an expected word; PC is an error too", () => {
  const figures = countReading(words("a:a:CW +:big:IW dog:dog:PC ran:ran:CW"));
  expect(figures).toMatchObject({ expectedWords: 3, errors: 2, correctWords: 1, accuracy: 0.333 });
});

test("by default reading stops at the last expected word read: words never reached are not counted", () => {
  // The reader stopped after "sat": the deletions after it are not errors, trailing insertions neither.
  const spec = "the:the:CW cat:cat:CW sat:sat:CW on:-:DW the:-:DW mat:-:DW";
  const figures = countReading(words(spec));
  expect(figures).toMatchObject({ expectedWords: 3, errors: 0, accuracy: 1 });
  // The challenge may count to the end of the text instead: 6 expected, 3 deleted.
  expect(countReading(words(spec), "endOfText")).toMatchObject({ expectedWords: 6, errors: 3, accuracy: 0.5 });
  // A deletion in the middle of what was read stays an error.
  expect(countReading(words("the:the:CW cat:-:DW sat:sat:CW"))).toMatchObject({ expectedWords: 3, errors: 1 });
});

test("the one-minute window counts the words begun within 60 s of the first word, over at most a minute", () => {
  // 100 words correct, one every 1000 ms from 2000 ms: 60 begin before 62000 ms.
  const spec = Array.from({ length: 100 }, (_, i) => `w${i}:w${i}:CW`).join(" ");
  const figures = countReading(words(spec, 2000, 1000), "oneMinute");
  expect(figures).toMatchObject({ expectedWords: 60, errors: 0, readingSeconds: 60, wcpm: 60 });
  // Without the window, the whole reading counts: 100 words over 2000 .. 101400 ms.
  const whole = countReading(words(spec, 2000, 1000));
  expect(whole).toMatchObject({ expectedWords: 100, readingSeconds: 99.4 });
  expect(whole.wcpm).toBe(60.4);
});

test("not-assessed words are left out of E and the errors, and the answer says how many", () => {
  const figures = countReading(words("the:the:CW cat:-:NA sat:sat:SW"));
  expect(figures).toMatchObject({ expectedWords: 2, errors: 1, notAssessed: 1, accuracy: 0.5 });
  // Nothing assessed at all: no figures, only the count.
  const none = countReading([
    { expected: "one", recognized: null, label: "NA", startTiming: 0, endTiming: 0 },
    { expected: "two", recognized: null, label: "NA", startTiming: 0, endTiming: 0 },
  ]);
  expect(none).toMatchObject({ expectedWords: 0, errors: 0, notAssessed: 2, accuracy: null, wcpm: null });
  expect(none.readingSeconds).toBeNull();
});

test("an unknown label counts as not assessed; many insertions cannot make accuracy negative", () => {
  expect(countReading(words("a:a:XX b:b:CW"))).toMatchObject({ expectedWords: 1, notAssessed: 1 });
  const noisy = countReading(words("a:a:CW +:x:IW +:y:IW +:z:IW b:b:CW"));
  expect(noisy).toMatchObject({ expectedWords: 2, errors: 3, correctWords: 0, accuracy: 0, wcpm: 0 });
});
