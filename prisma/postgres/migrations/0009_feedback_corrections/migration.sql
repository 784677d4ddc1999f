-- CreateTable
CREATE TABLE "FeedbackCorrection" (
    "pk" TEXT NOT NULL,
    "feedbackPk" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "sentence" INTEGER NOT NULL,
    "word" INTEGER NOT NULL,
    "label" TEXT NOT NULL,
    "previousLabel" TEXT NOT NULL,
    "byPk" TEXT,
    "created" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FeedbackCorrection_pkey" PRIMARY KEY ("pk")
);

-- CreateIndex
CREATE UNIQUE INDEX "FeedbackCorrection_feedbackPk_seq_key" ON "FeedbackCorrection"("feedbackPk", "seq");

-- AddForeignKey
ALTER TABLE "FeedbackCorrection" ADD CONSTRAINT "FeedbackCorrection_feedbackPk_fkey" FOREIGN KEY ("feedbackPk") REFERENCES "Feedback"("pk") ON DELETE CASCADE ON UPDATE CASCADE;

