-- CreateTable
CREATE TABLE "FeedbackCorrection" (
    "pk" TEXT NOT NULL PRIMARY KEY,
    "feedbackPk" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "sentence" INTEGER NOT NULL,
    "word" INTEGER NOT NULL,
    "label" TEXT NOT NULL,
    "previousLabel" TEXT NOT NULL,
    "byPk" TEXT,
    "created" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "FeedbackCorrection_feedbackPk_fkey" FOREIGN KEY ("feedbackPk") REFERENCES "Feedback" ("pk") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "FeedbackCorrection_feedbackPk_seq_key" ON "FeedbackCorrection"("feedbackPk", "seq");

