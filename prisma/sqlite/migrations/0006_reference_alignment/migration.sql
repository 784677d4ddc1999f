-- AlterTable
ALTER TABLE "SpeechRecording" ADD COLUMN "referenceNote" TEXT;

-- AlterTable
ALTER TABLE "ReferenceAnnotation" ADD COLUMN "engine" TEXT;

