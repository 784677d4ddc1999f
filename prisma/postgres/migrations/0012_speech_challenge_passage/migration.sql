-- AlterTable
ALTER TABLE "SpeechChallenge" ADD COLUMN     "passage" TEXT,
ADD COLUMN     "srtGenerated" BOOLEAN NOT NULL DEFAULT false;

