-- AlterTable
ALTER TABLE "Feedback" ADD COLUMN "readingFigures" TEXT;

