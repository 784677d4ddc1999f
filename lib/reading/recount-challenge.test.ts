import { expect, test } from "@playwright/test";
import { createTestDb } from "@/lib/db/test-db";
import { readSentence, readWord as word } from "../../e2e/support/reading";
import { parseCachedFigures } from "./figures-cache";
import { recountChallengeFigures } from "./recount-challenge";

// The figures stored with each feedback (Feedback.readingFigures) are what a group's fluency view
// reads; a changed reading stop must rewrite them all, past the batch size, with corrections
// applied. Read back from the database itself: the view's own recount of stale figures would hide
// a recount that did not happen.

// A slow reader: "three" misread at 40 s, "four" read after the minute, "five" not reached.
const SENTENCES = JSON.stringify([
  readSentence(
    [
      word(0, "one", "one", "CW", 0),
      word(1, "two", "two", "CW", 20_000),
      word(2, "three", "tree", "SW", 40_000),
      word(3, "four", "four", "CW", 70_000),
      word(4, "five", null, "DW", 70_400),
    ],
    2,
  ),
]);

test("a new reading stop rewrites every stored figure of the challenge's feedback, corrections included", async () => {
  const { db, close } = await createTestDb();
  try {
    await db.tenant.create({ data: { pk: "t1", id: "ten", name: "T" } });
    await db.organisation.create({ data: { pk: "o1", tenantPk: "t1", id: "org", name: "O" } });
    const ns = "o1";
    await db.user.create({
      data: {
        pk: "u1",
        ns,
        id: "ada",
        level: "organisation",
        tenantPk: "t1",
        organisationPk: "o1",
        firstName: "Ada",
        lastName: "A",
      },
    });
    for (const pk of ["c1", "c2"])
      await db.speechChallenge.create({ data: { pk, ns, id: pk, language: "eng", readingStop: "lastRead" } });
    await db.resultSet.create({ data: { pk: "rs1", ns, id: "rs1", userPk: "u1", challengePk: "c1" } });
    // More than one batch (200) of the challenge's feedback, and one of another challenge.
    const rows = Array.from({ length: 203 }, (_, i) => ({
      pk: `f${String(i).padStart(3, "0")}`,
      ns,
      id: `f${i}`,
      challengePk: "c1",
      userPk: "u1",
      resultSetPk: "rs1",
      audioFilePk: `a${i}`,
      sentences: SENTENCES,
    }));
    await db.feedback.createMany({ data: [...rows, { ...rows[0]!, pk: "other", id: "other", challengePk: "c2" }] });
    // The last one's "three" was corrected to read correctly by a teacher.
    await db.feedbackCorrection.create({
      data: { pk: "k1", feedbackPk: "f202", seq: 1, sentence: 0, word: 2, label: "CW", previousLabel: "SW" },
    });

    const counted = await db.$transaction((tx) => recountChallengeFigures(tx, "c1", "endOfText"));
    expect(counted).toBe(203);
    const stored = await db.feedback.findMany({ select: { pk: true, readingFigures: true }, orderBy: { pk: "asc" } });
    const figures = new Map(stored.map((r) => [r.pk, parseCachedFigures(r.readingFigures, "endOfText")]));
    // End of the text: 5 words expected, "five" an error; 3 correct (4 once corrected) over 70.4 s.
    expect(figures.get("f000")?.reading).toMatchObject({ stop: "endOfText", expectedWords: 5, accuracy: 0.6 });
    expect(figures.get("f201")?.reading).toMatchObject({ stop: "endOfText", expectedWords: 5, accuracy: 0.6 });
    expect(figures.get("f202")?.reading).toMatchObject({ stop: "endOfText", expectedWords: 5, accuracy: 0.8 });
    expect([...figures].filter(([pk, f]) => pk !== "other" && f === null)).toEqual([]);
    // Another challenge's feedback is left as it was (never counted here).
    expect(stored.find((r) => r.pk === "other")?.readingFigures).toBeNull();
  } finally {
    await close();
  }
});
