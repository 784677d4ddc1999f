-- CreateIndex
CREATE INDEX "SpeechRecording_progress_idx" ON "SpeechRecording"("ns", "userPk", "challengePk", "resultSetPk", "created", "position", "id", "audioFilePk");

