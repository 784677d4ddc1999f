-- AlterTable
ALTER TABLE "SpeechRecording" ADD COLUMN     "sourceFeedbackPk" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "SpeechRecording_sourceFeedbackPk_key" ON "SpeechRecording"("sourceFeedbackPk");

-- AddForeignKey
ALTER TABLE "SpeechRecording" ADD CONSTRAINT "SpeechRecording_sourceFeedbackPk_fkey" FOREIGN KEY ("sourceFeedbackPk") REFERENCES "Feedback"("pk") ON DELETE SET NULL ON UPDATE CASCADE;

