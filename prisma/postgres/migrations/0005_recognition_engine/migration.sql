-- AlterTable
ALTER TABLE "ChoiceChallenge" ADD COLUMN     "engine" TEXT,
ADD COLUMN     "engineNote" TEXT;

-- AlterTable
ALTER TABLE "ChoiceRecognition" ADD COLUMN     "confidence" DOUBLE PRECISION,
ADD COLUMN     "engine" TEXT;

