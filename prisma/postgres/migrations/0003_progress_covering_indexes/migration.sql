-- CreateIndex
CREATE INDEX "ResultSet_progress_idx" ON "ResultSet"("ns", "userPk", "challengePk", "pk", "id", "durationMs");

-- CreateIndex
CREATE INDEX "SpeechRecording_progress_idx" ON "SpeechRecording"("ns", "userPk", "challengePk", "resultSetPk", "created", "position", "id", "audioFilePk");

