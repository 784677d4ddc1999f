-- AlterTable
ALTER TABLE "SpeechChallenge" ADD COLUMN     "readingStop" TEXT NOT NULL DEFAULT 'lastRead';

