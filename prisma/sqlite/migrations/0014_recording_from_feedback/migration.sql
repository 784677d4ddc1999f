-- Written by hand instead of the generated table redefinition: dropping "SpeechRecording" breaks
-- the progress triggers that read it (0004, 0007). SQLite adds a nullable column with its
-- foreign key in place.
ALTER TABLE "SpeechRecording" ADD COLUMN "sourceFeedbackPk" TEXT REFERENCES "Feedback" ("pk") ON DELETE SET NULL ON UPDATE CASCADE;

-- CreateIndex
CREATE UNIQUE INDEX "SpeechRecording_sourceFeedbackPk_key" ON "SpeechRecording"("sourceFeedbackPk");
