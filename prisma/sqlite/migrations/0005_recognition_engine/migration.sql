-- AlterTable
ALTER TABLE "ChoiceChallenge" ADD COLUMN "engine" TEXT;
ALTER TABLE "ChoiceChallenge" ADD COLUMN "engineNote" TEXT;

-- AlterTable
ALTER TABLE "ChoiceRecognition" ADD COLUMN "confidence" REAL;
ALTER TABLE "ChoiceRecognition" ADD COLUMN "engine" TEXT;

